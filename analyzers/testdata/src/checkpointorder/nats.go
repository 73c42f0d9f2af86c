package checkpointorder

import (
	"context"
	"log"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Ack after a logged failure: JetStream will not redeliver it.
func natsAckOnFailure(nc *nats.Conn, js nats.JetStreamContext) {
	js.Subscribe("orders", func(m *nats.Msg) {
		if err := process(context.Background(), m.Data); err != nil {
			log.Print(err)
		}
		m.Ack() // want `m.Ack checkpoints the message after process failed with no dead-letter write`
	}, nats.ManualAck())
}

// GOOD: Nak on failure asks for redelivery.
func natsNak(js nats.JetStreamContext) {
	js.Subscribe("orders", func(m *nats.Msg) {
		if err := process(context.Background(), m.Data); err != nil {
			m.NakWithDelay(5 * time.Second)
			return
		}
		m.Ack()
	}, nats.ManualAck())
}

// Term drops the message for good.
func natsTerm(js nats.JetStreamContext) {
	js.Subscribe("orders", func(m *nats.Msg) {
		if err := process(context.Background(), m.Data); err != nil {
			m.Term() // want `m.Term checkpoints the message after process failed with no dead-letter write`
			return
		}
		m.Ack()
	}, nats.ManualAck())
}

// GOOD: a checked publish to the dead-letter subject, then Term.
func natsDLQ(nc *nats.Conn, js nats.JetStreamContext) {
	js.Subscribe("orders", func(m *nats.Msg) {
		if err := process(context.Background(), m.Data); err != nil {
			if _, err := js.Publish("orders.DLQ", m.Data); err != nil {
				m.Nak()
				return
			}
			m.Term()
			return
		}
		m.Ack()
	}, nats.ManualAck())
}

// PublishAsync without waiting for the ack future.
func natsAsync(js nats.JetStreamContext) {
	js.Subscribe("orders", func(m *nats.Msg) {
		if err := process(context.Background(), m.Data); err != nil {
			js.PublishAsync("orders.deadletter", m.Data)
		}
		m.Ack() // want `m.Ack checkpoints the message after process failed, but the dead-letter write js.PublishAsync is asynchronous`
	}, nats.ManualAck())
}

// GOOD: PublishAsync, then wait for the future.
func natsAsyncAwaited(js nats.JetStreamContext) {
	js.Subscribe("orders", func(m *nats.Msg) {
		if err := process(context.Background(), m.Data); err != nil {
			f, err := js.PublishAsync("orders.deadletter", m.Data)
			if err != nil {
				m.Nak()
				return
			}
			select {
			case <-f.Ok():
			case <-f.Err():
				m.Nak()
				return
			}
		}
		m.Ack()
	}, nats.ManualAck())
}

// jetstream (new API): pull consumer with Fetch.
func jetstreamFetch(ctx context.Context, cons jetstream.Consumer) error {
	for {
		batch, err := cons.Fetch(10)
		if err != nil {
			return err
		}
		for m := range batch.Messages() {
			if err := process(ctx, m.Data()); err != nil {
				log.Print(err)
			}
			m.Ack() // want `m.Ack checkpoints the message after process failed with no dead-letter write`
		}
	}
}

// GOOD: jetstream, failure naks.
func jetstreamNak(ctx context.Context, cons jetstream.Consumer) error {
	for {
		batch, err := cons.Fetch(10)
		if err != nil {
			return err
		}
		for m := range batch.Messages() {
			if err := process(ctx, m.Data()); err != nil {
				m.Nak()
				continue
			}
			m.Ack()
		}
	}
}
