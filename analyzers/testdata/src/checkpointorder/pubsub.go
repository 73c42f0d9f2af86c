package checkpointorder

import (
	"context"
	"log"

	"cloud.google.com/go/pubsub"
)

// defer m.Ack() acks on every return, failures included.
func pubsubDeferAck(ctx context.Context, sub *pubsub.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		defer m.Ack() // want `deferred m.Ack checkpoints the message after process failed with no dead-letter write`
		if err := process(ctx, m.Data); err != nil {
			log.Print(err)
			return
		}
	})
}

// GOOD: Nack on failure.
func pubsubNack(ctx context.Context, sub *pubsub.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := process(ctx, m.Data); err != nil {
			m.Nack()
			return
		}
		m.Ack()
	})
}

// GOOD: returning without an ack lets the ack deadline expire: redelivery.
func pubsubReturn(ctx context.Context, sub *pubsub.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := process(ctx, m.Data); err != nil {
			log.Print(err)
			return
		}
		m.Ack()
	})
}

// Publish is asynchronous; the result's error must be checked before the ack.
func pubsubDLQUnchecked(ctx context.Context, sub *pubsub.Subscription, deadLetters *pubsub.Topic) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := process(ctx, m.Data); err != nil {
			res := deadLetters.Publish(ctx, &pubsub.Message{Data: m.Data})
			res.Get(ctx)
		}
		m.Ack() // want `m.Ack checkpoints the message after process failed, but the dead-letter write deadLetters.Publish never checks the error of its delivery report`
	})
}

// GOOD: the publish result is awaited and checked.
func pubsubDLQChecked(ctx context.Context, sub *pubsub.Subscription, deadLetters *pubsub.Topic) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := process(ctx, m.Data); err != nil {
			res := deadLetters.Publish(ctx, &pubsub.Message{Data: m.Data})
			if _, err := res.Get(ctx); err != nil {
				m.Nack()
				return
			}
		}
		m.Ack()
	})
}

// The publish result is awaited, but a failure is only logged.
func pubsubDLQLogged(ctx context.Context, sub *pubsub.Subscription, deadLetters *pubsub.Topic) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := process(ctx, m.Data); err != nil {
			res := deadLetters.Publish(ctx, &pubsub.Message{Data: m.Data})
			if _, err := res.Get(ctx); err != nil {
				log.Print(err)
			}
		}
		m.Ack() // want `m.Ack checkpoints the message after the dead-letter write deadLetters.Publish failed \(logged and dropped\)`
	})
}
