package unboundedretry

import (
	"context"
	"time"

	jpillora "github.com/jpillora/backoff"
	lestrrat "github.com/lestrrat-go/backoff/v2"
)

// jpillora/backoff has no cap of its own: the loop must have one.
func jpilloraForever() error {
	b := &jpillora.Backoff{Jitter: true}
	for { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
}

func lestrratNoLimit() error {
	c := lestrrat.Exponential(lestrrat.WithMaxRetries(0), lestrrat.WithJitterFactor(0.1)).Start(context.Background())
	for lestrrat.Continue(c) { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

// Look-alikes: jpillora's attempt count tested, and lestrrat's Continue,
// which stops after 10 retries by default, after WithMaxRetries, or when the
// caller's context is done.

func jpilloraAttempts() error {
	b := &jpillora.Backoff{Jitter: true}
	for {
		if err := call(); err == nil {
			return nil
		}
		if b.Attempt() >= 5 {
			return nil
		}
		time.Sleep(b.Duration())
	}
}

func lestrratDefault() error {
	c := lestrrat.Exponential(lestrrat.WithJitterFactor(0.1)).Start(context.Background())
	for lestrrat.Continue(c) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratCallerContext(ctx context.Context) error {
	c := lestrrat.Exponential(lestrrat.WithMaxRetries(0), lestrrat.WithJitterFactor(0.1)).Start(ctx)
	for lestrrat.Continue(c) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}
