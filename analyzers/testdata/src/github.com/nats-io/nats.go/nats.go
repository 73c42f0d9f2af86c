// Package nats is a stub of github.com/nats-io/nats.go (v1.55.0) for analysistest.
// JetStreamContext is reduced to its JetStream part (the manager interfaces for
// streams, key-value and object stores are left out).
package nats

import (
	"context"
	"time"
)

// Options configures Connect (reduced).
type Options struct {
	Url                  string
	Name                 string
	MaxReconnect         int
	Timeout              time.Duration
	RetryOnFailedConnect bool
}

// Option configures Connect.
type Option func(*Options) error

func Name(name string) Option        { panic("stub") }
func MaxReconnects(max int) Option   { panic("stub") }
func Timeout(t time.Duration) Option { panic("stub") }

// Header is a message header.
type Header map[string][]string

func (h Header) Add(key, value string) {}
func (h Header) Set(key, value string) {}
func (h Header) Get(key string) string { return "" }

// Msg is a NATS message; the Ack family acknowledges a JetStream delivery.
type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
	Sub     *Subscription
}

func NewMsg(subject string) *Msg { return &Msg{Subject: subject, Header: Header{}} }

func (m *Msg) Respond(data []byte) error                              { return nil }
func (m *Msg) Ack(opts ...AckOpt) error                               { return nil }
func (m *Msg) AckSync(opts ...AckOpt) error                           { return nil }
func (m *Msg) Nak(opts ...AckOpt) error                               { return nil }
func (m *Msg) NakWithDelay(delay time.Duration, opts ...AckOpt) error { return nil }
func (m *Msg) Term(opts ...AckOpt) error                              { return nil }
func (m *Msg) InProgress(opts ...AckOpt) error                        { return nil }

// MsgHandler handles messages of a subscription.
type MsgHandler func(msg *Msg)

// Subscription is a subscription to a subject.
type Subscription struct {
	Subject string
	Queue   string
}

func (s *Subscription) Drain() error                                { return nil }
func (s *Subscription) Unsubscribe() error                          { return nil }
func (s *Subscription) NextMsg(timeout time.Duration) (*Msg, error) { return nil, nil }
func (sub *Subscription) Fetch(batch int, opts ...PullOpt) ([]*Msg, error) {
	return nil, nil
}

// Conn is a NATS connection.
type Conn struct{}

func Connect(url string, options ...Option) (*Conn, error) { panic("stub") }

func (nc *Conn) Publish(subj string, data []byte) error { return nil }
func (nc *Conn) PublishMsg(m *Msg) error                { return nil }
func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return nil, nil
}
func (nc *Conn) RequestMsg(msg *Msg, timeout time.Duration) (*Msg, error) { return nil, nil }
func (nc *Conn) RequestWithContext(ctx context.Context, subj string, data []byte) (*Msg, error) {
	return nil, nil
}
func (nc *Conn) Subscribe(subj string, cb MsgHandler) (*Subscription, error) { return nil, nil }
func (nc *Conn) QueueSubscribe(subj, queue string, cb MsgHandler) (*Subscription, error) {
	return nil, nil
}
func (nc *Conn) Flush() error { return nil }
func (nc *Conn) Close()       {}
func (nc *Conn) Drain() error { return nil }

func (nc *Conn) JetStream(opts ...JSOpt) (JetStreamContext, error) { panic("stub") }

// JSOpt configures a JetStreamContext.
type JSOpt interface {
	configureJSContext(opts *jsOpts) error
}

// PubOpt configures a JetStream publish.
type PubOpt interface {
	configurePublish(opts *pubOpts) error
}

// SubOpt configures a JetStream subscription.
type SubOpt interface {
	configureSubscribe(opts *subOpts) error
}

// AckOpt configures an acknowledgement.
type AckOpt interface {
	configureAck(opts *ackOpts) error
}

// PullOpt configures a pull fetch.
type PullOpt interface {
	configurePull(opts *pullOpts) error
}

type jsOpts struct{}
type pubOpts struct {
	ctx      context.Context
	id       string
	attempts int
	wait     time.Duration
}
type subOpts struct{ manualAck bool }
type ackOpts struct{ ctx context.Context }
type pullOpts struct{ ctx context.Context }

type pubOptFn func(opts *pubOpts) error

func (f pubOptFn) configurePublish(opts *pubOpts) error { return f(opts) }

type subOptFn func(opts *subOpts) error

func (f subOptFn) configureSubscribe(opts *subOpts) error { return f(opts) }

// MsgId sets the message ID JetStream deduplicates on.
func MsgId(id string) PubOpt { return pubOptFn(func(o *pubOpts) error { o.id = id; return nil }) }

// RetryWait sets the wait between publish retries (no responders).
func RetryWait(dur time.Duration) PubOpt {
	return pubOptFn(func(o *pubOpts) error { o.wait = dur; return nil })
}

// RetryAttempts sets the number of publish retries (no responders).
func RetryAttempts(num int) PubOpt {
	return pubOptFn(func(o *pubOpts) error { o.attempts = num; return nil })
}

func ManualAck() SubOpt { return subOptFn(func(o *subOpts) error { o.manualAck = true; return nil }) }

func Durable(consumer string) SubOpt { return subOptFn(func(o *subOpts) error { return nil }) }

// ContextOpt carries a context into context-aware JetStream calls.
type ContextOpt struct {
	context.Context
}

func (ctx ContextOpt) configurePublish(opts *pubOpts) error { opts.ctx = ctx; return nil }
func (ctx ContextOpt) configureAck(opts *ackOpts) error     { opts.ctx = ctx; return nil }
func (ctx ContextOpt) configurePull(opts *pullOpts) error   { opts.ctx = ctx; return nil }

func Context(ctx context.Context) ContextOpt { return ContextOpt{ctx} }

// PubAck is the stream's acknowledgement of a publish.
type PubAck struct {
	Stream    string `json:"stream"`
	Sequence  uint64 `json:"seq"`
	Duplicate bool   `json:"duplicate,omitempty"`
	Domain    string `json:"domain,omitempty"`
}

const MsgIdHdr = "Nats-Msg-Id"

// PubAckFuture is the pending result of PublishAsync.
type PubAckFuture interface {
	Ok() <-chan *PubAck
	Err() <-chan error
	Msg() *Msg
}

// JetStream publishes to and subscribes from streams.
type JetStream interface {
	Publish(subj string, data []byte, opts ...PubOpt) (*PubAck, error)
	PublishMsg(m *Msg, opts ...PubOpt) (*PubAck, error)
	PublishAsync(subj string, data []byte, opts ...PubOpt) (PubAckFuture, error)
	PublishMsgAsync(m *Msg, opts ...PubOpt) (PubAckFuture, error)
	PublishAsyncPending() int
	PublishAsyncComplete() <-chan struct{}
	CleanupPublisher()
	Subscribe(subj string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	SubscribeSync(subj string, opts ...SubOpt) (*Subscription, error)
	ChanSubscribe(subj string, ch chan *Msg, opts ...SubOpt) (*Subscription, error)
	ChanQueueSubscribe(subj, queue string, ch chan *Msg, opts ...SubOpt) (*Subscription, error)
	QueueSubscribe(subj, queue string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	QueueSubscribeSync(subj, queue string, opts ...SubOpt) (*Subscription, error)
	PullSubscribe(subj, durable string, opts ...SubOpt) (*Subscription, error)
}

// JetStreamContext is JetStream plus the management APIs (reduced to JetStream).
type JetStreamContext interface {
	JetStream
}
