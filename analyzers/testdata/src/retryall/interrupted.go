package retryall

import (
	"context"
	"time"
)

// A loop that goes round only when the attempt's own cancellable context was
// cancelled (the code interrupted it: a switchover) returns every failure of
// the operation: no retry, and its callers' closures are no retry callbacks.

var switchover func(context.CancelFunc)

func runOnPrimary(ctx context.Context, fn func(context.Context) error) error {
	for {
		var attemptCtx context.Context
		var cancel context.CancelFunc
		attemptCtx, cancel = context.WithCancel(ctx)
		switchover(cancel)
		err := fn(attemptCtx)
		cancel()
		if err == nil {
			return nil
		}
		if attemptCtx.Err() == context.Canceled && ctx.Err() == nil {
			continue // interrupted by a switchover: start again on the new primary
		}
		return err
	}
}

func watchOnPrimary(ctx context.Context) error {
	return runOnPrimary(ctx, func(c context.Context) error { _, err := create(c); return err })
}

// Look-alike, reported: the failure also goes round when the attempt was not
// interrupted. A deadline made for the attempt that expired is a failed
// attempt: going round only then retries timeouts alone (attemptctx.go).

func restartOrRetry(ctx context.Context) error {
	for { // want `retry loop retries every error alike`
		attemptCtx, cancel := context.WithCancel(ctx)
		switchover(cancel)
		_, err := create(attemptCtx)
		cancel()
		if err == nil {
			return nil
		}
		if attemptCtx.Err() != nil {
			continue
		}
		time.Sleep(time.Second)
	}
}

func retryTimeouts(ctx context.Context) error {
	for i := 0; i < 6; i++ {
		attemptCtx, cancel := context.WithTimeout(ctx, time.Second)
		_, err := create(attemptCtx)
		cancel()
		if err == nil {
			return nil
		}
		if attemptCtx.Err() != nil {
			continue
		}
		return err
	}
	return nil
}
