// Package message is a stub of github.com/ThreeDotsLabs/watermill/message (v1.5.1)
// for analysistest. Ack/Nack are the checkpoint of a message; the Router acks a message
// when its handler returns nil and nacks it (redelivery) when the handler fails.
package message

import "context"

// Payload is the body of a message.
type Payload []byte

// Metadata is the header map of a message.
type Metadata map[string]string

func (m Metadata) Get(key string) string { return m[key] }
func (m Metadata) Set(key, value string) { m[key] = value }

// Message is a Watermill message.
type Message struct {
	UUID     string
	Metadata Metadata
	Payload  Payload

	ctx context.Context
}

func NewMessage(uuid string, payload Payload) *Message {
	return &Message{UUID: uuid, Metadata: Metadata{}, Payload: payload}
}

func NewMessageWithContext(ctx context.Context, uuid string, payload Payload) *Message {
	return &Message{UUID: uuid, Metadata: Metadata{}, Payload: payload, ctx: ctx}
}

// Ack acknowledges the message; it returns false if it was nacked before.
func (m *Message) Ack() bool { return true }

// Nack asks for redelivery; it returns false if it was acked before.
func (m *Message) Nack() bool { return true }

func (m *Message) Acked() <-chan struct{}         { return nil }
func (m *Message) Nacked() <-chan struct{}        { return nil }
func (m *Message) Context() context.Context       { return m.ctx }
func (m *Message) SetContext(ctx context.Context) { m.ctx = ctx }
func (m *Message) Copy() *Message                 { return m }

// Publisher publishes messages to a topic.
type Publisher interface {
	Publish(topic string, messages ...*Message) error
	Close() error
}

// Subscriber subscribes to a topic.
type Subscriber interface {
	Subscribe(ctx context.Context, topic string) (<-chan *Message, error)
	Close() error
}

// HandlerFunc handles a message and may produce messages.
type HandlerFunc func(msg *Message) ([]*Message, error)

// NoPublishHandlerFunc handles a message without producing any.
type NoPublishHandlerFunc func(msg *Message) error

// HandlerMiddleware wraps a HandlerFunc.
type HandlerMiddleware func(h HandlerFunc) HandlerFunc
