// Package jetstream is a stub of github.com/nats-io/nats.go/jetstream (v1.55.0) for
// analysistest. JetStream is reduced to the publisher and the consumer lookup; the
// stream, key-value and object-store managers are left out, and ConsumerConfig to a
// few fields.
package jetstream

import (
	"context"
	"time"

	"github.com/nats-io/nats.go"
)

// MsgMetadata is the JetStream metadata of a delivered message (reduced).
type MsgMetadata struct {
	NumDelivered uint64
	Stream       string
	Consumer     string
	Timestamp    time.Time
}

// Msg is a message delivered by a JetStream consumer.
type Msg interface {
	Metadata() (*MsgMetadata, error)
	Data() []byte
	Headers() nats.Header
	Subject() string
	Reply() string
	Ack() error
	DoubleAck(context.Context) error
	Nak() error
	NakWithDelay(delay time.Duration) error
	InProgress() error
	Term() error
	TermWithReason(reason string) error
}

// JetStreamOptions are the options of a JetStream (reduced).
type JetStreamOptions struct{}

// JetStreamOpt configures New.
type JetStreamOpt func(*JetStreamOptions) error

// ConsumerConfig configures a consumer (reduced).
type ConsumerConfig struct {
	Name          string
	Durable       string
	FilterSubject string
	MaxDeliver    int
	AckWait       time.Duration
	BackOff       []time.Duration
}

// PubAck is the stream's acknowledgement of a publish.
type PubAck struct {
	Stream    string `json:"stream"`
	Sequence  uint64 `json:"seq"`
	Duplicate bool   `json:"duplicate,omitempty"`
	Domain    string `json:"domain,omitempty"`
}

type pubOpts struct {
	id       string
	attempts int
	wait     time.Duration
}

// PublishOpt configures a publish.
type PublishOpt func(*pubOpts) error

func WithMsgID(id string) PublishOpt { return func(o *pubOpts) error { o.id = id; return nil } }
func WithRetryWait(dur time.Duration) PublishOpt {
	return func(o *pubOpts) error { o.wait = dur; return nil }
}
func WithRetryAttempts(num int) PublishOpt {
	return func(o *pubOpts) error { o.attempts = num; return nil }
}

// PubAckFuture is the pending result of PublishAsync.
type PubAckFuture interface {
	Ok() <-chan *PubAck
	Err() <-chan error
	Msg() *nats.Msg
}

// Publisher publishes to streams.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload []byte, opts ...PublishOpt) (*PubAck, error)
	PublishMsg(ctx context.Context, msg *nats.Msg, opts ...PublishOpt) (*PubAck, error)
	PublishAsync(subject string, payload []byte, opts ...PublishOpt) (PubAckFuture, error)
	PublishMsgAsync(msg *nats.Msg, opts ...PublishOpt) (PubAckFuture, error)
	PublishAsyncPending() int
	PublishAsyncComplete() <-chan struct{}
	CleanupPublisher()
}

// JetStream is the JetStream API of a connection (reduced).
type JetStream interface {
	Conn() *nats.Conn
	Options() JetStreamOptions
	Publisher
	CreateOrUpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
	Consumer(ctx context.Context, stream string, consumer string) (Consumer, error)
}

func New(nc *nats.Conn, opts ...JetStreamOpt) (JetStream, error) { panic("stub") }

// MessageHandler handles messages of Consume.
type MessageHandler func(msg Msg)

type consumeOpts struct{}
type pullRequest struct{}

// PullConsumeOpt configures Consume.
type PullConsumeOpt interface {
	configureConsume(*consumeOpts) error
}

// PullMessagesOpt configures Messages.
type PullMessagesOpt interface {
	configureMessages(*consumeOpts) error
}

// FetchOpt configures Fetch and Next.
type FetchOpt func(*pullRequest) error

// MessageBatch is the result of Fetch.
type MessageBatch interface {
	Messages() <-chan Msg
	Error() error
}

// ConsumeContext controls a running Consume.
type ConsumeContext interface {
	Stop()
	Drain()
	Closed() <-chan struct{}
}

type nextOpts struct{}

// NextOpt configures MessagesContext.Next.
type NextOpt interface {
	configureNext(*nextOpts)
}

// MessagesContext iterates over messages.
type MessagesContext interface {
	Next(opts ...NextOpt) (Msg, error)
	Stop()
	Drain()
}

// ConsumerInfo describes a consumer (reduced).
type ConsumerInfo struct {
	Stream string
	Name   string
	Config ConsumerConfig
}

// Consumer is a pull consumer.
type Consumer interface {
	Fetch(batch int, opts ...FetchOpt) (MessageBatch, error)
	FetchBytes(maxBytes int, opts ...FetchOpt) (MessageBatch, error)
	FetchNoWait(batch int) (MessageBatch, error)
	Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error)
	Messages(opts ...PullMessagesOpt) (MessagesContext, error)
	Next(opts ...FetchOpt) (Msg, error)
	Info(context.Context) (*ConsumerInfo, error)
	CachedInfo() *ConsumerInfo
}
