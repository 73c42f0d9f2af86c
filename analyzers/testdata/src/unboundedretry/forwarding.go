package unboundedretry

import (
	"context"
	"time"
)

// Shape 5: a wrapper whose loop only calls the caller's operation and stops
// only on the caller's context has the caller's bound; its calls are judged.

// GOOD at the wrapper.
func Retry[T any](ctx context.Context, op func() (T, error), next func(error) time.Duration) (T, error) {
	for {
		v, err := op()
		if err == nil {
			return v, nil
		}
		t := time.NewTimer(next(err))
		select {
		case <-ctx.Done():
			t.Stop()
			var zero T
			return zero, ctx.Err()
		case <-t.C:
		}
	}
}

func produce(context.Context) (int, error) { reach(); return 0, nil }

// GOOD: the call passes a context with a deadline.
func produceWithin(d time.Duration) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return Retry(ctx, func() (int, error) { return produce(ctx) }, func(error) time.Duration { return time.Second })
}

// context.Background never ends: no limit at all.
func produceForever() (int, error) {
	return Retry(context.Background(), func() (int, error) { // want `unboundedretry.Retry retries until the callback succeeds, with no attempt or time limit`
		return produce(context.Background())
	}, func(error) time.Duration { return time.Second })
}

// The caller's context: bounded only if it has a deadline.
func produceCallerCtx(ctx context.Context) (int, error) {
	return Retry(ctx, func() (int, error) { return produce(ctx) }, func(error) time.Duration { return time.Second }) // want `unboundedretry.Retry retries until ctx is cancelled`
}

type pinger struct{ ctx context.Context }

// Look-alike: the wrapper stops on a context of its own (a field), which no
// call can bound: the wrapper's loop stays reported.
func (p *pinger) retryOp(op func() error) error {
	for { // want `retry loop has no attempt limit and ends only through`
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-p.ctx.Done():
			return p.ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
