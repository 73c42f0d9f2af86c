// Package pubsub is a stub of cloud.google.com/go/pubsub (v1.52.0) for analysistest.
// Message and PublishResult are aliases of types of cloud.google.com/go/internal/pubsub,
// as in the real package. Topic.Publish is asynchronous: the error arrives through
// PublishResult.Get. The v2 module (cloud.google.com/go/pubsub/v2) is not stubbed.
package pubsub

import (
	"context"
	"time"

	ipubsub "cloud.google.com/go/internal/pubsub"
	"google.golang.org/api/option"
)

// Message is a Pub/Sub message (Ack, Nack).
type Message = ipubsub.Message

// PublishResult is the pending result of Topic.Publish.
type PublishResult = ipubsub.PublishResult

// Client is a Pub/Sub client.
type Client struct {
	projectID string
}

func NewClient(ctx context.Context, projectID string, opts ...option.ClientOption) (c *Client, err error) {
	panic("stub")
}

func (c *Client) Close() error                         { return nil }
func (c *Client) Topic(id string) *Topic               { return &Topic{name: id} }
func (c *Client) Subscription(id string) *Subscription { return &Subscription{name: id} }

// PublishSettings configures batching of a Topic (reduced).
type PublishSettings struct {
	DelayThreshold time.Duration
	CountThreshold int
	ByteThreshold  int
	NumGoroutines  int
	Timeout        time.Duration
}

// Topic publishes messages.
type Topic struct {
	name            string
	PublishSettings PublishSettings
}

func (t *Topic) String() string { return t.name }
func (t *Topic) ID() string     { return t.name }

// Publish queues msg and returns its pending result.
func (t *Topic) Publish(ctx context.Context, msg *Message) *PublishResult { return &PublishResult{} }

func (t *Topic) Stop()  {}
func (t *Topic) Flush() {}

// ReceiveSettings configures Receive (reduced).
type ReceiveSettings struct {
	MaxExtension           time.Duration
	MaxOutstandingMessages int
	MaxOutstandingBytes    int
	NumGoroutines          int
}

// Subscription receives messages.
type Subscription struct {
	name            string
	ReceiveSettings ReceiveSettings
}

func (s *Subscription) String() string { return s.name }
func (s *Subscription) ID() string     { return s.name }

// Receive calls f for each message until ctx is done.
func (s *Subscription) Receive(ctx context.Context, f func(context.Context, *Message)) error {
	return nil
}
