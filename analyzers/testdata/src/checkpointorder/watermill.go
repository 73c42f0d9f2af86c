package checkpointorder

import (
	"log"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Manual ack on a failure path.
func watermillManual(msgs <-chan *message.Message) {
	for msg := range msgs {
		if err := process(msg.Context(), msg.Payload); err != nil {
			log.Print(err)
		}
		msg.Ack() // want `msg.Ack checkpoints the message after process failed with no dead-letter write`
	}
}

// GOOD: nack on failure.
func watermillNack(msgs <-chan *message.Message) {
	for msg := range msgs {
		if err := process(msg.Context(), msg.Payload); err != nil {
			msg.Nack()
			continue
		}
		msg.Ack()
	}
}

// GOOD: the router's PoisonQueue middleware writes the dead letter; the handler
// only returns the error.
func watermillPoison(pub message.Publisher) (message.HandlerMiddleware, message.NoPublishHandlerFunc) {
	mw, err := middleware.PoisonQueue(pub, "orders_poison")
	if err != nil {
		panic(err)
	}
	return mw, func(msg *message.Message) error {
		return process(msg.Context(), msg.Payload)
	}
}
