package nestedretry

import (
	"context"
	"net/http"
	"time"
)

// An inner loop whose only end besides success is its caller's context,
// watched by a wait helper that fails only with that context's error, hands
// back success or the context's end: a retry around it multiplies nothing.
// With a deadline of its own, it gives up on a failure, and the layers
// multiply.

func napCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func stateUntilCancelled(ctx context.Context, c *http.Client) error {
	for {
		if err := getState(c); err == nil {
			return nil
		}
		if err := napCtx(ctx, time.Second); err != nil {
			return err
		}
	}
}

func stateForAMinute(ctx context.Context, c *http.Client) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		if err := getState(c); err == nil {
			return nil
		}
		if err := napCtx(ctx, time.Second); err != nil {
			return err
		}
	}
}

func syncUntilCancelled(ctx context.Context, c *http.Client) error {
	return retryFive(func() error { return stateUntilCancelled(ctx, c) })
}

func syncForAMinute(ctx context.Context, c *http.Client) error {
	return retryFive(func() error { return stateForAMinute(ctx, c) }) // want `retryFive \(5 attempts\) around stateForAMinute, which retries on its own`
}
