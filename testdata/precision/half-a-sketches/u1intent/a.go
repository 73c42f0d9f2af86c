package u1intent

import (
	"context"
	"net"
	"time"
)

type Producer struct{}

func createProducer(ctx context.Context) (*Producer, error) {
	net.Dial("tcp", "broker:6650")
	return nil, nil
}

// Retry is a forwarding helper: its calls are judged.
func Retry[T any](ctx context.Context, op func() (T, error), next func(error) time.Duration) (T, error) {
	for {
		v, err := op()
		if err == nil {
			return v, nil
		}
		t := time.NewTimer(next(err))
		select {
		case <-ctx.Done():
			t.Stop()
			var zero T
			return zero, ctx.Err()
		case <-t.C:
		}
	}
}

// WORTHLESS before (unboundedretry): the endless retry is the author's stated
// choice. retryall stays (nothing is classified).
func dlqProducer() *Producer {
	// Retry to create the producer indefinitely.
	op := func() (*Producer, error) { return createProducer(context.Background()) }
	p, _ := Retry(context.Background(), op, func(error) time.Duration { return time.Second })
	return p
}

// Must stay reported: the same call without the comment.
func rlqProducer() *Producer {
	op := func() (*Producer, error) { return createProducer(context.Background()) }
	p, _ := Retry(context.Background(), op, func(error) time.Duration { return time.Second })
	return p
}
