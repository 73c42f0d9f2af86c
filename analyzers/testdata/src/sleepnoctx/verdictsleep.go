package sleepnoctx

import (
	"context"
	"database/sql"
	"time"

	"sleepnoctx/pollwait"
)

// A verdict wrapper that takes no context and sleeps the interval its call
// hands it, called with a callback that tries again on a failure from a
// function holding a context: the call is a retry, and a cancellation of
// ctx waits out every round. Reported at the call, where the context is.

func orderReady(ctx context.Context, db *sql.DB, timeout, interval time.Duration) error {
	return pollwait.For(timeout, interval, func() (bool, error) { // want `pollwait.For sleeps between attempts and takes no context, so ctx's cancellation waits out its rounds: give pollwait.For a context.Context and wait in a select on ctx.Done\(\) and a timer`
		var done bool
		if err := db.QueryRowContext(ctx, "SELECT done FROM orders").Scan(&done); err != nil {
			return false, err
		}
		return done, nil
	})
}

// The same wrapper in the package.
func localFor(timeout, interval time.Duration, f func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		stop, err := f()
		if stop {
			return err
		}
		time.Sleep(interval)
	}
	return context.DeadlineExceeded
}

func purgeDone(ctx context.Context, db *sql.DB) error {
	return localFor(time.Minute, 15*time.Second, func() (bool, error) { // want `localFor sleeps between attempts and takes no context`
		_, err := db.ExecContext(ctx, "DELETE FROM orders WHERE done")
		return err == nil, err
	})
}

// Look-alikes: a wrapper that waits on the caller's context; a caller with
// no context to hand; an interval provably short; a callback that goes round
// only while the answer is "not yet" (a poll: failures stop it).
func orderReadyCtx(ctx context.Context, db *sql.DB, interval time.Duration) error {
	return pollwait.ForContext(ctx, interval, func() (bool, error) {
		_, err := db.ExecContext(ctx, "DELETE FROM orders WHERE done")
		return err == nil, err
	})
}

func orderReadyNoCtx(db *sql.DB, timeout, interval time.Duration) error {
	return pollwait.For(timeout, interval, func() (bool, error) {
		_, err := db.Exec("DELETE FROM orders WHERE done")
		return err == nil, err
	})
}

func orderReadyShort(ctx context.Context, db *sql.DB) error {
	return pollwait.For(time.Minute, 2*time.Second, func() (bool, error) {
		_, err := db.ExecContext(ctx, "DELETE FROM orders WHERE done")
		return err == nil, err
	})
}

func orderPolled(ctx context.Context, db *sql.DB, timeout, interval time.Duration) error {
	return pollwait.For(timeout, interval, func() (bool, error) {
		var done bool
		if err := db.QueryRowContext(ctx, "SELECT done FROM orders").Scan(&done); err != nil {
			return true, err
		}
		return done, nil
	})
}
