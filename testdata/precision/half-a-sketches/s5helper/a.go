package s5helper

import (
	"context"
	"errors"
	"net"
	"time"
)

type Producer struct{}

var errNotAuthorized = errors.New("not authorized")

// createProducer asks the broker (the dial stands for it): an attempt that
// never left the process would not be reported (issue 12, shape 1).
func createProducer(ctx context.Context) (*Producer, error) {
	net.Dial("tcp", "broker:6650")
	return nil, errNotAuthorized
}

// FP (retryall, unboundedretry): generic helper; callers decide.
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

// Fine: bounded context, op stops on a permanent error.
func lookup(d time.Duration) (*Producer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return Retry(ctx, func() (*Producer, error) {
		p, err := createProducer(ctx)
		if errors.Is(err, errNotAuthorized) {
			return nil, nil
		}
		return p, err
	}, func(error) time.Duration { return time.Second })
}

// MISS: should be reported here: no deadline, nothing classified.
func dlqProducer() (*Producer, error) {
	return Retry(context.Background(), func() (*Producer, error) {
		return createProducer(context.Background())
	}, func(error) time.Duration { return time.Second })
}

// second helper form: the wait is an argument.
func WithRetries(n int, sleep time.Duration, f func() error) (err error) {
	for try := 1; ; try++ {
		if err = f(); err == nil {
			return nil
		}
		if try >= n {
			return err
		}
		time.Sleep(sleep)
	}
}

// MISS: tries again at once (wait argument 0) around a network call.
func writeBatch(ctx context.Context) error {
	return WithRetries(5, 0, func() error {
		_, err := createProducer(ctx)
		return err
	})
}
