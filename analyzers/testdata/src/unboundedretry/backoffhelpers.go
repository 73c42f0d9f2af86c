package unboundedretry

import (
	"context"
	"time"

	"github.com/Rican7/retry"
	"github.com/Rican7/retry/backoff"
	"github.com/Rican7/retry/jitter"
	"github.com/Rican7/retry/strategy"
	"github.com/eapache/go-resiliency/retrier"
)

func rican7NoLimit() error {
	return retry.Retry(func(uint) error { return call() }, strategy.BackoffWithJitter(backoff.BinaryExponential(time.Second), jitter.Full(nil))) // want `retry.Retry retries until the callback succeeds, with no attempt or time limit: add strategy.Limit\(n\)`
}

func eapacheInfinite() error {
	r := retrier.New(retrier.ExponentialBackoff(5, time.Second), nil).WithInfiniteRetry()
	return r.Run(call) // want `Retrier.Run retries until the callback succeeds \(retrier.New\(retrier.ExponentialBackoff\(5, time.Second\), nil\).WithInfiniteRetry\(\)\)`
}

// Look-alikes: strategy.Limit, a finite retrier, an infinite one bounded by
// a context with a deadline, strategies of one's own.

func rican7Limit() error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5))
}

func eapacheFinite() error {
	return retrier.New(retrier.ConstantBackoff(3, time.Second), nil).Run(call)
}

func eapacheInfiniteDeadline() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := retrier.New(retrier.ExponentialBackoff(5, time.Second), nil).WithInfiniteRetry()
	return r.RunCtx(ctx, callCtx)
}

func rican7Own(stop strategy.Strategy) error {
	return retry.Retry(func(uint) error { return call() }, stop)
}
