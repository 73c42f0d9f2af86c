package nojitter

import (
	"context"
	"time"

	backoff1 "github.com/lestrrat-go/backoff"
)

func lestrratV1NoJitter(ctx context.Context) error {
	b, cancel := backoff1.NewExponential(backoff1.WithInterval(time.Second), backoff1.WithJitterFactor(0)).Start(ctx)
	defer cancel()
	for backoff1.Continue(b) { // want `retry backoff \(backoff.Continue\) grows but has no jitter: give backoff.WithJitterFactor a factor above 0`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratV1RetryNoJitter(ctx context.Context) error {
	p := backoff1.NewExponential(backoff1.WithJitterFactor(0))
	return backoff1.Retry(ctx, p, backoff1.ExecuteFunc(func(context.Context) error { return call() })) // want `backoff.Retry backs off without jitter`
}

// Look-alikes: NewExponential jitters by 0.5 unless told otherwise; a
// factor of the caller's.

func lestrratV1Default(ctx context.Context) error {
	b, cancel := backoff1.NewExponential(backoff1.WithMaxRetries(3)).Start(ctx)
	defer cancel()
	for backoff1.Continue(b) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratV1Factor(ctx context.Context, jf float64) error {
	return backoff1.Retry(ctx, backoff1.NewExponential(backoff1.WithJitterFactor(jf)), backoff1.ExecuteFunc(func(context.Context) error { return call() }))
}
