package unboundedretry

import (
	"context"
	"database/sql"
	"time"
)

// Shape 7c: a loop driven by its callback's "try again" verdict has no limit
// of its own; each call is bounded, or not, by its callback.

// GOOD at the wrapper: whether it goes round is the callback's decision.
func Again(f func(attempt int) (bool, error)) error {
	for i := 0; ; i++ {
		again, err := f(i)
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Tries again on every error.
func execForever(db *sql.DB) error {
	return Again(func(int) (bool, error) { // want `unboundedretry.Again retries until the callback succeeds, with no attempt or time limit`
		_, err := db.Exec("DELETE FROM leases WHERE expired")
		return err != nil, err
	})
}

// GOOD: the callback bounds itself with the attempt number.
func execFiveTimes(db *sql.DB) error {
	return Again(func(i int) (bool, error) {
		_, err := db.Exec("DELETE FROM leases WHERE expired")
		return err != nil && i < 5, err
	})
}

// GOOD: a count of its own.
func execCounted(db *sql.DB) error {
	failures := 0
	return Again(func(int) (bool, error) {
		_, err := db.Exec("DELETE FROM leases WHERE expired")
		if err == nil {
			return false, nil
		}
		failures++
		if failures > 3 {
			return false, err
		}
		return true, err
	})
}

// GOOD: tries again only while under its limit.
func execUnderLimit(db *sql.DB, limit int) error {
	n := 0
	return Again(func(int) (bool, error) {
		_, err := db.Exec("DELETE FROM leases WHERE expired")
		if err != nil && n < limit {
			n++
			return true, err
		}
		return false, err
	})
}

// A verdict wrapper that stops on its caller's context.
func AgainCtx(ctx context.Context, f func() (bool, error)) error {
	for {
		again, err := f()
		if !again {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// GOOD: the call's context has a deadline.
func execWithin(db *sql.DB, d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return AgainCtx(ctx, func() (bool, error) {
		_, err := db.ExecContext(ctx, "DELETE FROM leases WHERE expired")
		return err != nil, err
	})
}

// context.Background never ends.
func execBackground(db *sql.DB) error {
	ctx := context.Background()
	return AgainCtx(ctx, func() (bool, error) { // want `unboundedretry.AgainCtx retries until the callback succeeds, with no attempt or time limit`
		_, err := db.ExecContext(ctx, "DELETE FROM leases WHERE expired")
		return err != nil, err
	})
}

// GOOD: a poll of a remote state is not a retry of a failure: it gives up on
// every error.
func waitDrained(db *sql.DB) error {
	return Again(func(int) (bool, error) {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM leases").Scan(&n); err != nil {
			return false, err
		}
		return n > 0, nil
	})
}
