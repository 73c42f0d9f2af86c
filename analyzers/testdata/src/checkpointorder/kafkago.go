package checkpointorder

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

type consumer struct {
	reader *kafka.Reader
	plain  *kafka.Reader
	dlq    *kafka.Writer
}

func newConsumer() *consumer {
	return &consumer{
		reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b"}, GroupID: "billing", Topic: "orders"}),
		plain:  kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b"}, Topic: "orders", Partition: 0}),
		dlq:    &kafka.Writer{Topic: "orders.dlq"},
	}
}

// ReadMessage with a GroupID commits before processing.
func (c *consumer) autoCommit(ctx context.Context) error {
	for {
		m, err := c.reader.ReadMessage(ctx) // want `c.reader.ReadMessage reads from a kafka-go Reader with a GroupID, which commits the offset before the message is processed`
		if err != nil {
			return err
		}
		if err := process(ctx, m.Value); err != nil {
			return err
		}
	}
}

// GOOD: a reader without a group does not commit.
func (c *consumer) noGroup(ctx context.Context) error {
	m, err := c.plain.ReadMessage(ctx)
	if err != nil {
		return err
	}
	return process(ctx, m.Value)
}

func localReader(ctx context.Context, group string) {
	cfg := kafka.ReaderConfig{Brokers: []string{"b"}, Topic: "orders"}
	cfg.GroupID = group
	r := kafka.NewReader(cfg)
	m, _ := r.ReadMessage(ctx) // want `r.ReadMessage reads from a kafka-go Reader with a GroupID`
	_ = process(ctx, m.Value)
}

// GOOD: a reader handed in by the caller: its construction is not visible.
func givenReader(ctx context.Context, r *kafka.Reader) {
	m, _ := r.ReadMessage(ctx)
	_ = process(ctx, m.Value)
}

// Fetch, fail, log, commit: the record is lost.
func (c *consumer) fetchLoop(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := process(ctx, m.Value); err != nil {
			log.Printf("skip %d: %v", m.Offset, err)
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil { // want `c.reader.CommitMessages checkpoints the message after process failed with no dead-letter write`
			return err
		}
	}
}

// GOOD: fetch, fail, checked dead-letter write, commit.
func (c *consumer) fetchLoopDLQ(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := process(ctx, m.Value); err != nil {
			if err := c.dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
				return err
			}
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// GOOD: a dead-letter helper of the package that returns the write's error.
func (c *consumer) toDLQ(ctx context.Context, m kafka.Message) error {
	return c.dlq.WriteMessages(ctx, m)
}

func (c *consumer) fetchLoopHelper(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := process(ctx, m.Value); err != nil {
			if err := c.toDLQ(ctx, m); err != nil {
				return err
			}
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// A helper that swallows the write's error does not make the record safe.
func (c *consumer) park(ctx context.Context, m kafka.Message) {
	if err := c.dlq.WriteMessages(ctx, m); err != nil {
		log.Print(err)
	}
}

func (c *consumer) fetchLoopSwallow(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := process(ctx, m.Value); err != nil {
			c.park(ctx, m)
		}
		c.reader.CommitMessages(ctx, m) // want `c.reader.CommitMessages checkpoints the message after process failed, but the dead-letter write c.park has its error logged and dropped inside park`
	}
}
