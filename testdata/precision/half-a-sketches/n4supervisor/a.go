package n4supervisor

import (
	"context"
	"log"
	"net"
	"time"
)

type Consumer struct{ addr string }

// long-running: returns nil on a clean stop, an error on failure
func (c *Consumer) consume(ctx context.Context) error {
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", c.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	<-ctx.Done()
	return nil
}

// FP (retryall, unboundedretry): keeps the consumer up until ctx is cancelled.
func (c *Consumer) RunForever(ctx context.Context, backoff func() time.Duration) error {
	for {
		err := c.consume(ctx)
		if err == nil {
			return nil
		}
		log.Printf("consumer failed: %v", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff()):
		}
	}
}

func (c *Consumer) fetchOnce(ctx context.Context) error {
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", c.addr)
	if err != nil {
		return err
	}
	return conn.Close()
}

// Must stay reported: same loop around a short request.
func (c *Consumer) FetchUntilOK(ctx context.Context, backoff func() time.Duration) error {
	for {
		err := c.fetchOnce(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff()):
		}
	}
}
