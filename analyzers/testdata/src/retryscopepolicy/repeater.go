package retryscopepolicy

import (
	"context"
	"time"

	repeaterv1 "github.com/go-pkgz/repeater"
	"github.com/go-pkgz/repeater/strategy"
	"github.com/go-pkgz/repeater/v2"
)

// go-pkgz/repeater: the attempts, the wait and the context Do watches.

func repeaterFixed(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, call) // want `Repeater.Do wait=constant jitter=no ctx=caller counter=true max=5$`
}

func repeaterBackoff(ctx context.Context, attempts int) error {
	rp := repeater.NewBackoff(attempts, time.Second)
	return rp.Do(ctx, call) // want `Repeater.Do wait=exponential jitter=yes ctx=caller counter=true$`
}

func repeaterConstantBackoff() error {
	rp := repeater.NewBackoff(3, time.Second, repeater.WithBackoffType(repeater.BackoffConstant))
	return rp.Do(context.Background(), call) // want `Repeater.Do wait=constant jitter=yes ctx=background counter=true max=3$`
}

func repeaterStrategyNil(ctx context.Context) error {
	return repeater.NewWithStrategy(4, nil).Do(ctx, call) // want `Repeater.Do wait=constant jitter=no ctx=caller counter=true max=4$`
}

func repeaterStrategyZero(ctx context.Context) error {
	return repeater.NewWithStrategy(4, repeater.FixedDelay{}).Do(ctx, call) // want `Repeater.Do wait=none jitter=no ctx=caller counter=true max=4$`
}

func repeaterGiven(ctx context.Context, rp *repeater.Repeater) error {
	return rp.Do(ctx, call) // want `Repeater.Do wait=unknown jitter=\? ctx=caller counter=false deadline\(local=false\)$`
}

func repeaterV1Default(ctx context.Context) error {
	return repeaterv1.New(nil).Do(ctx, call) // want `Repeater.Do wait=constant jitter=no ctx=caller counter=true max=10$`
}

func repeaterV1Backoff(ctx context.Context) error {
	s := &strategy.Backoff{Duration: time.Second, Factor: 1.5}
	s.Repeats = 6
	return repeaterv1.New(s).Do(ctx, call) // want `Repeater.Do wait=exponential jitter=no ctx=caller counter=true max=6$`
}

// No region: a single attempt, or ErrAny (every error stops the repeats).

func repeaterOnce(ctx context.Context) error {
	return repeater.NewFixed(0, time.Second).Do(ctx, call)
}

func repeaterAny(ctx context.Context) error {
	return repeater.NewFixed(3, time.Second).Do(ctx, call, repeater.ErrAny)
}

func repeaterV1Once(ctx context.Context) error {
	return repeaterv1.New(&strategy.Once{}).Do(ctx, call)
}
