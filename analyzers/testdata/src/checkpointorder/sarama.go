// Package checkpointorder holds analysistest cases for the checkpointorder rule.
package checkpointorder

import (
	"context"
	"errors"
	"log"
	"strconv"

	"github.com/IBM/sarama"
)

var ErrDuplicate = errors.New("duplicate")

func process(ctx context.Context, value []byte) error { return nil }

type handler struct {
	dlq      sarama.SyncProducer
	producer sarama.SyncProducer
	async    sarama.AsyncProducer
	dlqTopic string
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// Log and commit: the failed record is marked like a processed one.
func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			log.Printf("process: %v", err)
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage checkpoints the message after process failed with no dead-letter write: the record is lost`
	}
	return nil
}

// Checkpoint first, dead letter second: a crash in between loses the record.
func markBeforeDLQ(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, h *handler) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			sess.MarkMessage(msg, "") // want `sess.MarkMessage checkpoints the message after process failed but before the dead-letter write h.dlq.SendMessage`
			if _, _, err := h.dlq.SendMessage(&sarama.ProducerMessage{Topic: h.dlqTopic, Value: sarama.ByteEncoder(msg.Value)}); err != nil {
				return err
			}
			continue
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// The dead-letter write's error is ignored.
func ignoredDLQ(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, h *handler) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			h.producer.SendMessage(&sarama.ProducerMessage{Topic: "orders.DLQ", Value: sarama.ByteEncoder(msg.Value)})
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage checkpoints the message after process failed, but the dead-letter write h.producer.SendMessage ignores its error`
	}
	return nil
}

// The dead-letter write's failure is logged and dropped.
func loggedDLQ(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, h *handler) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			if _, _, err := h.dlq.SendMessage(&sarama.ProducerMessage{Topic: h.dlqTopic}); err != nil {
				log.Printf("dead letter: %v", err)
			}
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage checkpoints the message after the dead-letter write h.dlq.SendMessage failed \(logged and dropped\)`
	}
	return nil
}

// An asynchronous producer: the write may still fail after the mark.
func asyncDLQ(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, h *handler) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			h.async.Input() <- &sarama.ProducerMessage{Topic: "payments-dead-letter"}
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage checkpoints the message after process failed, but the dead-letter write h.async.Input is asynchronous and its delivery report is not awaited`
	}
	return nil
}

// GOOD: a checked dead-letter write, then the mark.
func checkedDLQ(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, h *handler) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			if _, _, err := h.dlq.SendMessage(&sarama.ProducerMessage{Topic: h.dlqTopic, Value: sarama.ByteEncoder(msg.Value)}); err != nil {
				return err
			}
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// GOOD: the failure returns: the session ends and the record is consumed again.
func returnsOnFailure(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// GOOD: a known error (a duplicate) is a deliberate skip; other errors return.
func skipsDuplicates(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			if errors.Is(err, ErrDuplicate) {
				sess.MarkMessage(msg, "")
				continue
			}
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Only retryable errors return; everything else is marked and lost.
func dropsOthers(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			log.Print(err)
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage checkpoints the message after process failed with no dead-letter write`
	}
	return nil
}

// GOOD: a failure that is recovered with a fallback value is not a lost record.
func recovered(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		n, err := strconv.Atoi(string(msg.Key))
		if err != nil {
			n = 0
		}
		if err := process(sess.Context(), msg.Value[n:]); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// GOOD: a failing mark-independent step after the checkpoint.
func afterCheckpoint(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		if err := process(sess.Context(), nil); err != nil {
			log.Print(err)
		}
	}
	return nil
}

// Suppressed with a reason.
func suppressed(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			log.Print(err)
		}
		//retrylint:ignore checkpointorder metrics topic, loss is acceptable
		sess.MarkMessage(msg, "")
	}
	return nil
}

// BAD: logging a failure and moving on lets the next message's mark commit it.
func logAndContinue(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			log.Print(err)
			continue
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage also commits earlier offsets: after process failed the loop moves on to the next message with no dead-letter write`
	}
	return nil
}

// GOOD: the failed message goes to the dead-letter topic before the loop moves on.
func deadLetterThenContinue(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, dlq sarama.SyncProducer) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			if _, _, err := dlq.SendMessage(&sarama.ProducerMessage{Topic: "orders.dlq", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
				return err
			}
			continue
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
