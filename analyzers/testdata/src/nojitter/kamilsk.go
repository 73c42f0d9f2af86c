package nojitter

import (
	"context"
	"time"

	retry4 "github.com/kamilsk/retry/v4"
	backoff4 "github.com/kamilsk/retry/v4/backoff"
	strategy4 "github.com/kamilsk/retry/v4/strategy"
	retry "github.com/kamilsk/retry/v5"
	"github.com/kamilsk/retry/v5/backoff"
	"github.com/kamilsk/retry/v5/jitter"
	"github.com/kamilsk/retry/v5/strategy"
)

func kamilskExponential(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), strategy.Backoff(backoff.Exponential(time.Second, 2))) // want `retry.Do backs off without jitter: use strategy.BackoffWithJitter`
}

func kamilskV4Fibonacci(ctx context.Context) error {
	how := []func(uint, error) bool{strategy4.Limit(5), strategy4.Backoff(backoff4.Fibonacci(time.Second))}
	return retry4.Try(ctx, func(uint) error { return call() }, how...) // want `retry.Try backs off without jitter`
}

// Look-alikes: a jitter transformation, a linear backoff (no claim on its
// shape), a strategy of one's own.

func kamilskJitter(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), strategy.BackoffWithJitter(backoff.BinaryExponential(time.Second), jitter.Deviation(nil, 0.25)))
}

func kamilskLinear(ctx context.Context) error {
	return retry4.Try(ctx, func(uint) error { return call() }, strategy4.Limit(5), strategy4.Backoff(backoff4.Linear(time.Second)))
}

func kamilskOwn(ctx context.Context, pause strategy.Strategy) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, pause, strategy.Backoff(backoff.Exponential(time.Second, 2)))
}
