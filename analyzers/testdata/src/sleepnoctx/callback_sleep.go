package sleepnoctx

import (
	"context"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// A sleep inside a retry callback: the helper's own waits are judged at the
// helper call; the callback's sleep adds to them on every attempt.

// GOOD: the helper watches ctx between attempts, so a cancellation waits out
// one 1 s sleep at most.
func callbackSleepCtx(ctx context.Context) error {
	return retry.Do(func() error {
		time.Sleep(time.Second)
		return send(ctx)
	}, retry.Attempts(20), retry.Context(ctx))
}

// BAD: the helper watches a context that is never done: 20 × 1 s.
func callbackSleepBackground(ctx context.Context) error {
	return retry.Do(func() error { // want `time.Sleep between retry attempts ignores cancellation`
		time.Sleep(time.Second)
		return send(ctx)
	}, retry.Attempts(20), retry.Context(context.Background()))
}

// GOOD: the same with three attempts, 3 s in all.
func callbackSleepFew(ctx context.Context) error {
	return retry.Do(func() error {
		time.Sleep(time.Second)
		return send(ctx)
	}, retry.Attempts(3), retry.Context(context.Background()))
}
