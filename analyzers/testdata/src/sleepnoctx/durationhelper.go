package sleepnoctx

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A helper that waits its duration parameter in a select on ctx.Done() is a
// cancellable wait: a long, growing wait through it is quiet. A verdict
// wrapper that waits through a helper sleeping its parameter, with no
// context, makes its callers' cancellation wait out every round.

// pauseFor waits d or until ctx is done.
func pauseFor(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func purgeThroughPause(ctx context.Context, db *sql.DB) error {
	d := 5 * time.Second
	for i := 0; i < 8; i++ {
		if _, err := db.ExecContext(ctx, "DELETE FROM orders WHERE done"); err == nil {
			return nil
		}
		if err := pauseFor(ctx, d); err != nil {
			return err
		}
		d *= 2
	}
	return errors.New("gave up")
}

// doze sleeps d: nothing but its timer ends it.
func doze(d time.Duration) { time.Sleep(d) }

func dozeFor(timeout, interval time.Duration, f func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		stop, err := f()
		if stop {
			return err
		}
		doze(interval)
	}
	return context.DeadlineExceeded
}

func purgeDozing(ctx context.Context, db *sql.DB) error {
	return dozeFor(time.Minute, 15*time.Second, func() (bool, error) { // want `dozeFor sleeps between attempts and takes no context`
		_, err := db.ExecContext(ctx, "DELETE FROM orders WHERE done")
		return err == nil, err
	})
}

// The same wrapper waiting through the cancellable helper on its caller's
// context: quiet.
func pauseLoop(ctx context.Context, timeout, interval time.Duration, f func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		stop, err := f()
		if stop {
			return err
		}
		if err := pauseFor(ctx, interval); err != nil {
			return err
		}
	}
	return context.DeadlineExceeded
}

func purgePausing(ctx context.Context, db *sql.DB) error {
	return pauseLoop(ctx, time.Minute, 15*time.Second, func() (bool, error) {
		_, err := db.ExecContext(ctx, "DELETE FROM orders WHERE done")
		return err == nil, err
	})
}
