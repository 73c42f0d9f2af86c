package checkpointorder

import (
	"context"
	"errors"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

// GOOD: a failed fetch ends the batch; nothing was lost, the batch is committed.
func batchCommit(ctx context.Context, r *kafka.Reader) error {
	var batch []kafka.Message
	for i := 0; i < 10; i++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			break
		}
		batch = append(batch, m)
	}
	return r.CommitMessages(ctx, batch...)
}

// GOOD: the checkpoint's own error is not a processing failure.
func ackError(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		sess.Commit()
	}
	return nil
}

// A processing step wrapped in a closure is still a processing step.
func closureProcessing(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := func() error { return process(sess.Context(), msg.Value) }()
		if err != nil {
			log.Print(err)
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage checkpoints the message after the function literal failed`
	}
	return nil
}

// GOOD: a switch that returns on every failure.
func switchReturns(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		switch err := process(sess.Context(), msg.Value); {
		case errors.Is(err, ErrDuplicate):
		case err != nil:
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// A failure counted in a metric and then marked is still lost.
func counted(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	failures := 0
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			failures++
		}
		sess.MarkMessage(msg, "") // want `after process failed with no dead-letter write`
	}
	log.Print(failures)
	return nil
}

// GOOD: the failure panics (the process restarts from the last commit).
func panics(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			log.Fatalf("process: %v", err)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// GOOD: a dead-letter sink of an unknown API: an error-returning call whose
// receiver is named like a dead-letter destination counts as the write.
type dlqSink interface {
	Send(ctx context.Context, value []byte) error
}

func namedSink(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, deadLetters dlqSink) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg.Value); err != nil {
			if err := deadLetters.Send(sess.Context(), msg.Value); err != nil {
				return err
			}
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// GOOD: a message handed to a worker: the checkpoint is the worker's business.
func handsOff(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, work chan<- *sarama.ConsumerMessage) error {
	for msg := range claim.Messages() {
		work <- msg
	}
	return nil
}

// GOOD: a poller that acknowledges what it reads, with no processing failure.
func poller(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, seen map[string]bool) error {
	for msg := range claim.Messages() {
		seen[string(msg.Key)] = true
		sess.MarkMessage(msg, "")
	}
	return nil
}

type permanent struct{ error }

// GOOD: a type switch singles out one error type for a deliberate skip; other
// errors return.
func typeSwitch(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := process(sess.Context(), msg.Value)
		switch err.(type) {
		case nil:
		case *permanent:
			sess.MarkMessage(msg, "")
			continue
		default:
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// GOOD: a tagged switch on the error.
func taggedSwitch(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := process(sess.Context(), msg.Value)
		if err != nil {
			switch err {
			case ErrDuplicate:
			default:
				return err
			}
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// The default case of a type switch drops every other error.
func typeSwitchDefault(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		err := process(sess.Context(), msg.Value)
		if err != nil {
			switch err.(type) {
			case *permanent:
				return err
			default:
				log.Print(err)
			}
		}
		sess.MarkMessage(msg, "") // want `after process failed with no dead-letter write`
	}
	return nil
}

// GOOD: a select loop that returns on failure.
func selectLoop(ctx context.Context, sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := process(ctx, msg.Value); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
		}
	}
}

// A labelled continue skips the failed message: the next one's mark commits it.
func labelled(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
outer:
	for msg := range claim.Messages() {
		for i := 0; i < 3; i++ {
			if err := process(sess.Context(), msg.Value); err != nil {
				continue outer
			}
		}
		sess.MarkMessage(msg, "") // want `sess.MarkMessage also commits earlier offsets: after process failed the loop moves on to the next message`
	}
	return nil
}
