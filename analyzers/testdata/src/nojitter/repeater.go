package nojitter

import (
	"context"
	"time"

	repeaterv1 "github.com/go-pkgz/repeater"
	"github.com/go-pkgz/repeater/strategy"
	"github.com/go-pkgz/repeater/v2"
)

// go-pkgz/repeater: v2's NewBackoff jitters by 10% unless WithJitter(0);
// v1's strategy.Backoff jitters only with Jitter: true.

func repeaterNoJitter(ctx context.Context) error {
	rp := repeater.NewBackoff(5, time.Second, repeater.WithJitter(0))
	return rp.Do(ctx, call) // want `Repeater.Do backs off without jitter: give NewBackoff a WithJitter factor above 0`
}

func repeaterV1NoJitter(ctx context.Context) error {
	return repeaterv1.New(&strategy.Backoff{Repeats: 5, Duration: time.Second, Factor: 2}).Do(ctx, call) // want `Repeater.Do backs off without jitter: set Jitter: true on the strategy.Backoff`
}

// Look-alikes: the default jitter, Jitter: true, a linear backoff (not
// judged), and a fixed delay (fixedsleep's).

func repeaterDefaultJitter(ctx context.Context) error {
	return repeater.NewBackoff(5, time.Second).Do(ctx, call)
}

func repeaterV1Jitter(ctx context.Context) error {
	return repeaterv1.New(&strategy.Backoff{Repeats: 5, Duration: time.Second, Factor: 2, Jitter: true}).Do(ctx, call)
}

func repeaterLinear(ctx context.Context) error {
	return repeater.NewBackoff(5, time.Second, repeater.WithBackoffType(repeater.BackoffLinear), repeater.WithJitter(0)).Do(ctx, call)
}

func repeaterFixed(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, call)
}
