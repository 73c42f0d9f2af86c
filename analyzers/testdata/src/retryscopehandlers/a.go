// Package retryscopehandlers checks the engine's message handlers: functions
// (declarations and literals) whose own body calls a checkpoint API.
package retryscopehandlers

import (
	"context"

	"cloud.google.com/go/pubsub"
	"github.com/IBM/sarama"
	"github.com/nats-io/nats.go"
)

type h struct{}

func (h) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want `handler checkpoints=1`
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
	}
	return nil
}

func twoCheckpoints(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) { // want `handler checkpoints=2`
	sess.MarkMessage(m, "")
	sess.Commit()
}

// The outer function only registers the callback; the literal is the handler.
func receive(ctx context.Context, sub *pubsub.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) { // want `handler checkpoints=1`
		m.Ack()
	})
}

func subscribe(nc *nats.Conn) {
	nc.Subscribe("x", func(m *nats.Msg) { // want `handler checkpoints=1`
		defer m.Ack()
	})
}

// Nak is not a checkpoint.
func nak(m *nats.Msg) { m.Nak() }
