// Package pubsub is a stub of cloud.google.com/go/internal/pubsub (cloud.google.com/go
// v0.123.0), where the Message and PublishResult types that cloud.google.com/go/pubsub
// re-exports as aliases are defined. Methods of pubsub.Message therefore have the full
// name "(*cloud.google.com/go/internal/pubsub.Message).Ack".
package pubsub

import (
	"context"
	"time"
)

// Message is a Pub/Sub message.
type Message struct {
	ID              string
	Data            []byte
	Attributes      map[string]string
	PublishTime     time.Time
	DeliveryAttempt *int
	OrderingKey     string
}

// AckResult is the result of an exactly-once ack or nack.
type AckResult struct{}

// Ack acknowledges the message: it will not be redelivered.
func (m *Message) Ack() {}

// Nack asks for redelivery of the message.
func (m *Message) Nack() {}

func (m *Message) AckWithResult() *AckResult  { return &AckResult{} }
func (m *Message) NackWithResult() *AckResult { return &AckResult{} }

// PublishResult is the pending result of Topic.Publish.
type PublishResult struct {
	ready    chan struct{}
	serverID string
	err      error
}

func (r *PublishResult) Ready() <-chan struct{} { return r.ready }

// Get blocks until the publish completes or ctx is done.
func (r *PublishResult) Get(ctx context.Context) (serverID string, err error) {
	return r.serverID, r.err
}
