package retryall

import (
	"context"
	"time"

	goretry "github.com/sethvargo/go-retry"
)

// Shape 6 through a retry helper: a readiness check handed in as a func value
// (a parameter, a field) or a probe method, retried under a deadline made in
// the function, waits for a dependency to come up.

type readinessFunc func(ctx context.Context, target string) error

type readyConfig struct {
	timeout time.Duration
	delay   time.Duration
}

// GOOD: a readiness func value under a context with a timeout.
func waitReadyHelper(ctx context.Context, target string, readiness readinessFunc, cfg readyConfig) error {
	ctx, cancel := context.WithTimeout(ctx, cfg.timeout)
	defer cancel()
	return goretry.Do(ctx, goretry.NewConstant(cfg.delay), func(ctx context.Context) error {
		if err := readiness(ctx, target); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

type checker struct {
	healthy func(ctx context.Context) error
	ready   func(ctx context.Context) error
	deliver func(ctx context.Context) error
}

// GOOD: a health check held in a field, under the helper's own time cap.
func (c *checker) waitHealthyField(ctx context.Context) error {
	b := goretry.WithMaxDuration(time.Minute, goretry.NewExponential(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		if err := c.healthy(ctx); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// GOOD: a probe method through a helper, under a deadline.
func waitProbeMethod(ctx context.Context, hc healthChecker) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return goretry.Do(ctx, goretry.NewExponential(time.Second), func(ctx context.Context) error {
		if err := hc.HealthCheck(ctx); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// Look-alike: the same wait with no deadline can block forever.
func (c *checker) waitReadyForever(ctx context.Context) error {
	return goretry.Do(ctx, goretry.NewExponential(time.Second), func(ctx context.Context) error { // want `retry.Do retries every error the callback returns`
		if err := c.ready(ctx); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// Look-alike: a func value not named for a probe does work: a retry.
func (c *checker) deliverWithin(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return goretry.Do(ctx, goretry.NewExponential(time.Second), func(ctx context.Context) error { // want `retry.Do retries every error the callback returns`
		if err := c.deliver(ctx); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// Look-alike: a parameter not named for a probe, under a deadline.
func sendWithin(ctx context.Context, target string, send readinessFunc) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error { // want `retry.Do retries every error the callback returns`
		if err := send(ctx, target); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}
