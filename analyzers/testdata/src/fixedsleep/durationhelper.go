package fixedsleep

import (
	"context"
	"math/rand"
	"time"
)

// A helper that waits its duration parameter waits what its caller hands it:
// a constant argument is a constant pace, one the caller draws at random or
// grows is not.

// holdFor waits d or until ctx is done.
func holdFor(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func constantThroughHelper(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same 2 \* time.Second before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		if werr := holdFor(ctx, 2*time.Second); werr != nil {
			return werr
		}
	}
	return err
}

// ---- look-alikes ----

func randomThroughHelper(ctx context.Context) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		if werr := holdFor(ctx, time.Second+time.Duration(rand.Int63n(int64(time.Second)))); werr != nil {
			return werr
		}
	}
	return err
}

func growingThroughHelper(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 10; i++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		if werr := holdFor(ctx, d); werr != nil {
			return werr
		}
		d *= 2
	}
	return err
}
