package unboundedretry

import (
	"context"
	"errors"
)

// A loop that goes round only when the attempt's own cancellable context was
// cancelled by the code (a switchover) returns every failure of the
// operation: it is no retry, so neither it nor its callers are unbounded.

var onSwitch func(context.CancelFunc)

func runOnLeader(ctx context.Context, fn func(context.Context) error) error {
	for {
		attemptCtx, cancel := context.WithCancel(ctx)
		onSwitch(cancel)
		err := fn(attemptCtx)
		cancel()
		if err == nil {
			return nil
		}
		if !errors.Is(attemptCtx.Err(), context.Canceled) || ctx.Err() != nil {
			return err
		}
	}
}

func watchOnLeader(ctx context.Context) error {
	return runOnLeader(ctx, func(c context.Context) error { _, err := produce(c); return err })
}

// Look-alike, reported: interrupted or not, the failure goes round.
func restartAlways(ctx context.Context) error {
	for { // want `retry loop has no attempt limit`
		attemptCtx, cancel := context.WithCancel(ctx)
		onSwitch(cancel)
		_, err := produce(attemptCtx)
		cancel()
		if err == nil {
			return nil
		}
		if attemptCtx.Err() == nil {
			continue
		}
	}
}
