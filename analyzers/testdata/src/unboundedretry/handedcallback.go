package unboundedretry

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// A function that hands its own callback, as it is, to a forwarding
// wrapper is a wrapper too: whether the retrying ends (a success, an error
// the loop stops on, a callback that ends it itself) is up to its callers'
// callbacks, so it is judged at their calls and not at its own.

type haltError struct{ cause error }

func (e haltError) Error() string { return "halt: " + e.cause.Error() }

// GOOD at the wrapper: its context is the caller's.
func retryUntilHalt(ctx context.Context, op func() error) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		err := op()
		var halt haltError
		if err == nil || errors.As(err, &halt) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// GOOD at the definition: the callback, and what stops it, are the callers'.
func RetryUntilHaltForever(op func() error) error {
	return retryUntilHalt(context.Background(), op)
}

// GOOD at the definition: the caller's context is handed on.
func RetryUntilHaltCtx(ctx context.Context, op func() error) error {
	return retryUntilHalt(ctx, op)
}

// A literal of its own is judged here.
func retryOwnForever() error {
	return retryUntilHalt(context.Background(), func() error { return call() }) // want `unboundedretry.retryUntilHalt retries until the callback succeeds, with no attempt or time limit`
}

func sendHandedForever() error {
	return RetryUntilHaltForever(func() error { return call() }) // want `unboundedretry.RetryUntilHaltForever retries until the callback succeeds, with no attempt or time limit`
}

// The call is judged: its context is the caller's, and the package's only
// call hands it one that never ends.
func sendHandedCtx(ctx context.Context) error {
	return RetryUntilHaltCtx(ctx, func() error { return call() }) // want `unboundedretry.RetryUntilHaltCtx retries until the callback succeeds, with no attempt or time limit: its context never ends, as sendHandedDetached hands ctx context.Background\(\)`
}

func sendHandedDetached() error { return sendHandedCtx(context.Background()) }

// GOOD: the callback ends the retrying itself once its owner is done.
func sendHandedUntilDone(done *atomic.Bool) error {
	return RetryUntilHaltForever(func() error {
		if done.Load() {
			return nil
		}
		return call()
	})
}

// GOOD: a deadline made at the call bounds it.
func sendHandedWithin(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return RetryUntilHaltCtx(ctx, func() error { return call() })
}
