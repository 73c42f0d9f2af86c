package unboundedretry

import (
	"context"
	"time"

	retry4 "github.com/kamilsk/retry/v4"
	strategy4 "github.com/kamilsk/retry/v4/strategy"
	retry "github.com/kamilsk/retry/v5"
	"github.com/kamilsk/retry/v5/backoff"
	"github.com/kamilsk/retry/v5/jitter"
	"github.com/kamilsk/retry/v5/strategy"
)

func kamilskForever() error {
	return retry.Do(context.Background(), func(context.Context) error { return call() }, strategy.BackoffWithJitter(backoff.BinaryExponential(time.Second), jitter.Full(nil))) // want `retry.Do retries until the callback succeeds, with no attempt or time limit: add strategy.Limit\(n\)`
}

// Look-alikes: strategy.Limit, a context with a deadline, a breaker of
// another kind (a timeout, not read), a strategy of one's own (it may stop).

func kamilskLimit() error {
	return retry.Do(context.Background(), func(context.Context) error { return call() }, strategy.Limit(3), strategy.BackoffWithJitter(backoff.BinaryExponential(time.Second), jitter.Full(nil)))
}

func kamilskDeadline() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.BackoffWithJitter(backoff.BinaryExponential(time.Second), jitter.Full(nil)))
}

func kamilskBreaker(br retry4.BreakCloser) error {
	return retry4.Retry(br, func(uint) error { return call() }, strategy4.Wait(time.Second))
}

func kamilskOwn(stop strategy.Strategy) error {
	return retry.Do(context.Background(), func(context.Context) error { return call() }, stop, strategy.Wait(time.Second))
}
