package sleepnoctx

import (
	"context"
	"time"
)

// A time.Sleep that runs only when ctx.Done() is nil waits on a context that
// can never be cancelled: it ignores nothing. When Done is not nil these
// helpers wait in a select on it and a timer. A test on Done whose body can
// fall through to the sleep proves nothing.

// GOOD: the sleep is the fallback after a select that always leaves the round.
func retryUntilDone(ctx context.Context, op func() error) error {
	wait := 20 * time.Second
	for {
		err := op()
		if err == nil {
			return nil
		}
		if done := ctx.Done(); done != nil {
			timer := time.NewTimer(wait)
			select {
			case <-done:
				timer.Stop()
				return err
			case <-timer.C:
				continue
			}
		}
		time.Sleep(wait)
	}
}

// GOOD: the sleep sits in the branch where Done is nil.
func retryEither(ctx context.Context, op func() error) error {
	for {
		err := op()
		if err == nil {
			return nil
		}
		if ctx.Done() == nil {
			time.Sleep(20 * time.Second)
		} else {
			select {
			case <-ctx.Done():
				return err
			case <-time.After(20 * time.Second):
			}
		}
	}
}

// BAD: a plain break leaves only the select, and the sleep follows it.
func retryBreaking(ctx context.Context, op func() error) error {
	for i := 0; i < 20; i++ { // want `time.Sleep between retry attempts ignores cancellation`
		err := op()
		if err == nil {
			return nil
		}
		if done := ctx.Done(); done != nil {
			select {
			case <-done:
				return err
			default:
				break
			}
		}
		time.Sleep(20 * time.Second)
	}
	return nil
}
