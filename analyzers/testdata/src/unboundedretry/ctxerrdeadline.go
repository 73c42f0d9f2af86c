package unboundedretry

import (
	"context"
	"time"
)

// The loop's check reads err, but err is the Err() of a context given a
// deadline just before the loop: the loop ends when that deadline passes.
// The parents here never end (context.Background(), or the one
// startFetching hands in): the deadline is the loops' only bound.
func fetchTimed() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := dialOnce(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// The same with the error kept in a variable declared before the loop.
func fetchTimedVar() error {
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(time.Minute))
	defer cancel()
	var err error
	for {
		if err = ctx.Err(); err != nil {
			return err
		}
		if dialOnce() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a timed context is made, but the loop checks the parent's.
func fetchParentChecked(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()
	for { // want `retry loop has no attempt limit and no deadline: err != nil \(err := parent.Err\(\)\) never fires, as startFetching hands parent context.Background\(\)`
		if err := parent.Err(); err != nil {
			return err
		}
		if err := dialCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func dialCtx(ctx context.Context) error { reach(); return ctx.Err() }

// A loop that asks the caller's context first and a context it gave a
// deadline later ends by that deadline: the later check bounds it.
func fetchParentThenTimed(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()
	for {
		if parent.Err() != nil {
			return parent.Err()
		}
		if err := dialCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

// startFetching hands the loops above a parent that never ends.
func startFetching() {
	_ = fetchParentChecked(context.Background())
	_ = fetchParentThenTimed(context.Background())
}
