package checkpointorder

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var dlqTopic = "orders.dlq"

// Produce is asynchronous: without waiting for the delivery report, the commit
// can overtake a dead letter that never arrives.
func confluentAsync(c *kafka.Consumer, p *kafka.Producer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := process(context.Background(), msg.Value); err != nil {
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &dlqTopic}, Value: msg.Value}, nil); err != nil {
				return
			}
		}
		c.CommitMessage(msg) // want `c.CommitMessage checkpoints the message after process failed, but the dead-letter write p.Produce is asynchronous and its delivery report is not awaited`
	}
}

// GOOD: the delivery report is awaited and checked before the commit.
func confluentAwaited(c *kafka.Consumer, p *kafka.Producer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := process(context.Background(), msg.Value); err != nil {
			report := make(chan kafka.Event, 1)
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &dlqTopic}, Value: msg.Value}, report); err != nil {
				return
			}
			e := <-report
			if m, ok := e.(*kafka.Message); !ok || m.TopicPartition.Error != nil {
				return
			}
		}
		c.StoreMessage(msg)
	}
}

// StoreMessage after a logged failure.
func confluentStore(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			log.Print(err)
			continue
		}
		err = process(context.Background(), msg.Value)
		if err != nil {
			log.Print(err)
		}
		if _, err := c.StoreMessage(msg); err != nil { // want `c.StoreMessage checkpoints the message after process failed with no dead-letter write`
			log.Print(err)
		}
	}
}
