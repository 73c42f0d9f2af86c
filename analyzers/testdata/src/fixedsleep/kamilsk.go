package fixedsleep

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

func kamilskWait(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), strategy.Wait(time.Second)) // want `retry.Do waits the same delay before every attempt: use strategy.BackoffWithJitter`
}

func kamilskConstant(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), strategy.Backoff(backoff.Constant(time.Second))) // want `retry.Do waits the same delay before every attempt`
}

func kamilskNoWait(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5)) // want `retry.Do retries at once, without any delay`
}

// The strategies of a slice literal handed on with ... are read as written.
func kamilskHowNoWait(ctx context.Context) error {
	how := retry.How{strategy.Limit(5), strategy.Delay(time.Second)}
	return retry.Do(ctx, func(context.Context) error { return call() }, how...) // want `retry.Do retries at once, without any delay`
}

func kamilskV4Wait(ctx context.Context) error {
	return retry4.TryContext(ctx, func(context.Context, uint) error { return call() }, strategy4.Limit(5), strategy4.Wait(time.Second)) // want `retry.TryContext waits the same delay before every attempt`
}

// Look-alikes: jittered and growing strategies, a schedule of durations, a
// strategy of one's own (it may wait), a slice built elsewhere.

func kamilskJitter(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), strategy.BackoffWithJitter(backoff.Constant(time.Second), jitter.Full(nil)))
}

func kamilskExponential(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), strategy.Backoff(backoff.Exponential(time.Second, 2)))
}

func kamilskSchedule(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), strategy.Wait(time.Second, 2*time.Second, 4*time.Second))
}

func kamilskOwn(ctx context.Context, pause strategy.Strategy) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, strategy.Limit(5), pause)
}

func kamilskHowFromCaller(ctx context.Context, how retry.How) error {
	return retry.Do(ctx, func(context.Context) error { return call() }, how...)
}

func kamilskHowAppended(ctx context.Context, pause strategy.Strategy) error {
	how := retry.How{strategy.Limit(5)}
	how = append(how, pause)
	return retry.Do(ctx, func(context.Context) error { return call() }, how...)
}
