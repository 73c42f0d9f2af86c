package fixedsleep

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Shape 7: retry loops of other shapes, against a database.

// The failure test in the for condition, the attempt before the loop and at
// the end of the body.
func pingUntil(ctx context.Context, db *sql.DB) error {
	n := 0
	err := db.PingContext(ctx)
	for err != nil && n < 5 { // want `waits the same time.Second before every attempt`
		n++
		time.Sleep(time.Second)
		err = db.PingContext(ctx)
	}
	return err
}

// The wait held in a channel variable.
func execAfterChan(ctx context.Context, db *sql.DB) error {
	for i := 0; i < 5; i++ { // want `waits the same time.Second before every attempt`
		if _, err := db.ExecContext(ctx, "UPDATE t SET n = n + 1"); err == nil {
			return nil
		}
		c := time.After(time.Second)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-c:
		}
	}
	return errors.New("gave up")
}

// A pure helper with loop-invariant arguments gives the same wait each time.
func scaled(d time.Duration, k int) time.Duration { return d * time.Duration(k) }

func execHelperFixed(ctx context.Context, db *sql.DB) error {
	for i := 0; i < 5; i++ { // want `waits the same scaled\(time.Second, 3\) before every attempt`
		if _, err := db.ExecContext(ctx, "UPDATE t SET n = n + 1"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(scaled(time.Second, 3)):
		}
	}
	return errors.New("gave up")
}

// ---- look-alikes ----

// The helper grows the wait: capped doubling is backoff, not a fixed wait.
func capped(d, max time.Duration) time.Duration {
	if d > max/2 {
		return max
	}
	return d * 2
}

func execHelperGrowing(ctx context.Context, db *sql.DB) error {
	d := time.Second
	for i := 0; i < 5; i++ {
		if _, err := db.ExecContext(ctx, "UPDATE t SET n = n + 1"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
		d = capped(d, time.Minute)
	}
	return errors.New("gave up")
}

// A method that keeps its own state grows although no argument changes.
type doubling struct{ cur time.Duration }

func (b *doubling) next() time.Duration {
	b.cur *= 2
	return b.cur
}

func execStatefulBackoff(ctx context.Context, db *sql.DB) error {
	b := &doubling{cur: time.Second}
	for i := 0; i < 5; i++ {
		if _, err := db.ExecContext(ctx, "UPDATE t SET n = n + 1"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.next()):
		}
	}
	return errors.New("gave up")
}

// A helper with state in a package variable: not pure, nothing claimed.
var step time.Duration

func nextStep() time.Duration {
	step += time.Second
	return step
}

func execGlobalBackoff(ctx context.Context, db *sql.DB) error {
	for i := 0; i < 5; i++ {
		if _, err := db.ExecContext(ctx, "UPDATE t SET n = n + 1"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(nextStep()):
		}
	}
	return errors.New("gave up")
}

// Shape 7b: a two-step attempt that goes round on one error before the general
// error return retries that error alone; its wait is judged like any other.

var errBusy = errors.New("busy")

func connBusy(ctx context.Context, db *sql.DB) (*sql.Conn, error) {
	for { // want `waits the same time.Second before every attempt`
		conn, err := db.Conn(ctx)
		if errors.Is(err, errBusy) {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return nil, err
		}
		return conn, nil
	}
}

func connNotBusy(ctx context.Context, db *sql.DB) (*sql.Conn, error) {
	for i := 0; i < 10; i++ { // want `waits the same 500 \* time.Millisecond before every attempt`
		conn, err := db.Conn(ctx)
		if !errors.Is(err, errBusy) {
			return conn, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errBusy
}

func connLockedSentinel(ctx context.Context, db *sql.DB) error {
	for i := 0; i < 20; i++ { // want `waits the same time.Second before every attempt`
		_, err := db.ExecContext(ctx, "UPDATE t SET n = n + 1")
		if errLocked == err {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return errLocked
}

// ---- look-alikes of 7b ----

// A reader that goes round on a read timeout and also after each message: a
// consumer, not a retry.
func readRows(ctx context.Context, db *sql.DB, handle func(int)) error {
	for {
		var n int
		err := db.QueryRowContext(ctx, "SELECT n FROM q LIMIT 1").Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return err
		}
		handle(n)
	}
}

// Trying the next server when one is busy is failover, not a retry.
func firstFree(ctx context.Context, dbs []*sql.DB) (*sql.Conn, error) {
	for _, db := range dbs {
		conn, err := db.Conn(ctx)
		if errors.Is(err, errBusy) {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return nil, err
		}
		return conn, nil
	}
	return nil, errBusy
}

// Going round while the row is absent waits for it to appear: a poll.
func awaitRow(ctx context.Context, db *sql.DB) (int, error) {
	for i := 0; i < 10; i++ {
		var n int
		err := db.QueryRowContext(ctx, "SELECT n FROM jobs WHERE id = 1").Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			time.Sleep(time.Second)
			continue
		}
		return n, err
	}
	return 0, errors.New("no row")
}

var errNotFound = errors.New("not found")

func awaitConn(ctx context.Context, db *sql.DB) (*sql.Conn, error) {
	for i := 0; i < 10; i++ {
		conn, err := db.Conn(ctx)
		if err == errNotFound {
			time.Sleep(time.Second)
			continue
		}
		return conn, err
	}
	return nil, errNotFound
}
