// Package unwaited is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep
package unwaited

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"
)

var errConflict = errors.New("conflict")

// A retry loop that waits after one failure and goes round at once after
// another: while the second failure lasts the loop asks at full speed. A
// wait at the top of the body, a local step, a failure that leaves, or a
// wait on the second way too, keep it quiet.

var db *sql.DB

func fetch(ctx context.Context) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, "SELECT n FROM t").Scan(&n)
	return n, err
}

func store(ctx context.Context, n int) error {
	_, err := db.ExecContext(ctx, "UPDATE t SET n = $1", n)
	return err
}

// ---- a failure that skips the wait: reported ----

// The second step's failure goes straight back to the first.
func bumpSkipsWait(ctx context.Context) error {
	wait := time.Second
	for ctx.Err() == nil { // reports: fixedsleep
		n, err := fetch(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
			continue
		}
		if err := store(ctx, n+1); err != nil {
			continue
		}
		return nil
	}
	return ctx.Err()
}

// One error waits; every other one falls through to the loop's end.
func storeWaitsOnConflictOnly(ctx context.Context, n int) error {
	for i := 0; i < 50; i++ { // reports: fixedsleep
		err := store(ctx, n)
		if err == nil {
			return nil
		}
		if err == errConflict {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(i+1) * time.Second):
			}
		}
	}
	return errConflict
}

// ---- every way back waits, or the hot way is local or leaves: quiet ----

// The way round at once is taken only when a flag says so: not every time
// the failure comes.
func storeUnlessDraining(ctx context.Context, n int, draining func() bool) error {
	for i := 0; i < 50; i++ {
		err := store(ctx, n)
		if err == nil {
			return nil
		}
		if draining() {
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return errConflict
}

func storeAs(ctx context.Context, token string, n int) error {
	_, err := db.ExecContext(ctx, "UPDATE t SET n = $1 WHERE token = $2", n, token)
	return err
}

// The way round at once prepares the next attempt anew (a refreshed token).
func storeRefreshing(ctx context.Context, n int, refresh func() string) error {
	token := refresh()
	for i := 0; i < 50; i++ {
		err := storeAs(ctx, token, n)
		if err == nil {
			return nil
		}
		if errors.Is(err, errConflict) {
			token = refresh()
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return errConflict
}

// The wait is at the top of the body: every attempt comes after it.
func bumpWaitsFirst(ctx context.Context) error {
	wait := time.Second
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait *= 2
		n, err := fetch(ctx)
		if err != nil {
			continue
		}
		if err := store(ctx, n+1); err != nil {
			continue
		}
		return nil
	}
	return ctx.Err()
}

// The step that goes round at once never leaves the process.
func decodeSkipsWait(ctx context.Context, raw []byte) (map[string]int, error) {
	wait := time.Second
	for ctx.Err() == nil {
		n, err := fetch(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
			continue
		}
		var m map[string]int
		if err := json.Unmarshal(raw, &m); err != nil {
			raw = []byte("{}")
			continue
		}
		m["n"] = n
		return m, nil
	}
	return nil, ctx.Err()
}

// The second step's failure leaves.
func bumpReturns(ctx context.Context) error {
	wait := time.Second
	for ctx.Err() == nil {
		n, err := fetch(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
			continue
		}
		return store(ctx, n+1)
	}
	return ctx.Err()
}

// Both failures wait.
func bumpBothWait(ctx context.Context) error {
	wait := time.Second
	for ctx.Err() == nil {
		n, err := fetch(ctx)
		if err == nil {
			err = store(ctx, n+1)
			if err == nil {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait *= 2
	}
	return ctx.Err()
}

// ---- a way round at once taken only after a timeout ----

// isTimeout asks the error for a timeout only.
func isTimeout(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne) && ne.Timeout()
}

// The busy answer waits; a timeout goes round at once, but the attempt has
// already waited out its own limit: quiet.
func storeAgainAfterTimeout(ctx context.Context, n int) error {
	for i := 0; i < 5; i++ {
		err := store(ctx, n)
		if err == nil {
			return nil
		}
		if err == errConflict {
			time.Sleep(time.Second << i)
			continue
		}
		if isTimeout(err) {
			continue
		}
		return err
	}
	return errConflict
}

// A temporary failure (a reset, a refused connection) comes back at once:
// reported.
func storeAgainAfterTemporary(ctx context.Context, n int) error {
	for i := 0; i < 5; i++ { // reports: fixedsleep
		err := store(ctx, n)
		if err == nil {
			return nil
		}
		if err == errConflict {
			time.Sleep(time.Second << i)
			continue
		}
		var ne interface{ Temporary() bool }
		if errors.As(err, &ne) && ne.Temporary() {
			continue
		}
		return err
	}
	return errConflict
}

// Without an attempt limit a deadline already passed fails every attempt at
// once with a timeout: reported.
func storeForeverAfterTimeout(ctx context.Context, n int) error {
	wait := time.Second
	for { // reports: fixedsleep
		err := store(ctx, n)
		if err == nil {
			return nil
		}
		if err == errConflict {
			time.Sleep(wait)
			wait *= 2
			continue
		}
		if !isTimeout(err) {
			return err
		}
	}
}
