package fixedsleep

import (
	"context"
	"time"

	repeaterv1 "github.com/go-pkgz/repeater"
	"github.com/go-pkgz/repeater/strategy"
	"github.com/go-pkgz/repeater/v2"
)

// go-pkgz/repeater: NewFixed and v1's FixedDelay wait the same every time;
// NewBackoff grows with jitter unless its options say otherwise.

func repeaterFixed(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, call) // want `Repeater.Do waits the same delay before every attempt: use repeater.NewBackoff\(attempts, initial\)`
}

func repeaterNoDelay(ctx context.Context) error {
	return repeater.NewFixed(5, 0).Do(ctx, call) // want `Repeater.Do retries at once, without any delay`
}

func repeaterFixedStrategy(ctx context.Context) error {
	rp := repeater.NewWithStrategy(5, repeater.NewFixedDelay(time.Second))
	return rp.Do(ctx, call) // want `Repeater.Do waits the same delay before every attempt`
}

func repeaterConstantBackoff(ctx context.Context) error {
	rp := repeater.NewBackoff(5, time.Second, repeater.WithBackoffType(repeater.BackoffConstant), repeater.WithJitter(0))
	return rp.Do(ctx, call) // want `Repeater.Do waits the same delay before every attempt`
}

func repeaterV1Default(ctx context.Context) error {
	return repeaterv1.NewDefault(3, time.Second).Do(ctx, call) // want `Repeater.Do waits the same delay before every attempt: use repeater.New\(&strategy.Backoff`
}

func repeaterV1FactorOne(ctx context.Context) error {
	return repeaterv1.New(&strategy.Backoff{Repeats: 5, Duration: time.Second}).Do(ctx, call) // want `Repeater.Do waits the same delay before every attempt`
}

// Look-alikes: growing or jittered waits, a strategy of one's own, a single
// attempt.

func repeaterBackoff(ctx context.Context) error {
	return repeater.NewBackoff(5, time.Second).Do(ctx, call)
}

func repeaterConstantJittered(ctx context.Context) error {
	return repeater.NewBackoff(5, time.Second, repeater.WithBackoffType(repeater.BackoffConstant)).Do(ctx, call)
}

func repeaterOwnStrategy(ctx context.Context, s repeater.Strategy) error {
	return repeater.NewWithStrategy(5, s).Do(ctx, call)
}

func repeaterV1Backoff(ctx context.Context) error {
	return repeaterv1.New(&strategy.Backoff{Repeats: 5, Duration: time.Second, Factor: 2, Jitter: true}).Do(ctx, call)
}

func repeaterSingle(ctx context.Context) error {
	return repeater.NewFixed(1, time.Second).Do(ctx, call)
}
