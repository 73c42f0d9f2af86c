package unboundedretry

import (
	"context"
	"time"

	backoff1 "github.com/lestrrat-go/backoff"
)

func lestrratV1Forever() error {
	b, cancel := backoff1.NewExponential(backoff1.WithRetryForever()).Start(context.Background())
	defer cancel()
	for backoff1.Continue(b) { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratV1RetryZero() error {
	p := backoff1.NewConstant(time.Second, backoff1.WithMaxRetries(0))
	return backoff1.Retry(context.Background(), p, backoff1.ExecuteFunc(func(context.Context) error { return call() })) // want `backoff.Retry retries until the callback succeeds`
}

// Look-alikes: 10 retries by default, WithMaxElapsedTime, the caller's
// context.

func lestrratV1Default() error {
	b, cancel := backoff1.NewExponential().Start(context.Background())
	defer cancel()
	for backoff1.Continue(b) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratV1Elapsed() error {
	p := backoff1.NewConstant(time.Second, backoff1.WithMaxRetries(0), backoff1.WithMaxElapsedTime(time.Minute))
	return backoff1.Retry(context.Background(), p, backoff1.ExecuteFunc(func(context.Context) error { return call() }))
}

func lestrratV1Caller(ctx context.Context) error {
	b, cancel := backoff1.NewExponential(backoff1.WithRetryForever()).Start(ctx)
	defer cancel()
	for backoff1.Continue(b) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}
