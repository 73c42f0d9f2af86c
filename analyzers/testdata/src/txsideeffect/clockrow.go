package txsideeffect

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/cockroachdb/cockroach-go/v2/crdb"
)

// A clock reading that only becomes an argument of a statement on the retried
// callback's own transaction is rolled back with its attempt before the next
// one runs: the committed row holds the time of the attempt that committed.

const stampSQL = `UPDATE acct SET updated_at = $1, deleted_at = $2 WHERE id = $3`

func toMillis(t time.Time) int64 { return t.UnixMilli() }

type stamp struct{ at time.Time }

func stampOf(t time.Time) stamp { return stamp{at: t} }

func clockRowQuiet(ctx context.Context, db *sql.DB, id int) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, stampSQL, time.Now().UTC(), toMillis(time.Now()), id); err != nil {
			return err
		}
		ts := toMillis(time.Now())
		if _, err := tx.ExecContext(ctx, stampSQL, ts, ts, id); err != nil {
			return err
		}
		var at time.Time = time.Now().Truncate(time.Second)
		day := at.Format(time.DateOnly)
		if err := tx.QueryRowContext(ctx, `SELECT n FROM days WHERE d = $1`, day).Scan(new(int)); err != nil {
			return err
		}
		return touchRow(ctx, tx, id)
	})
}

// touchRow is handed the callback's tx and only writes the reading through it.
func touchRow(ctx context.Context, tx *sql.Tx, id int) error {
	_, err := tx.ExecContext(ctx, stampSQL, time.Now().Unix(), nil, id)
	return err
}

func clockRowReported(ctx context.Context, db *sql.DB, id int, seen chan<- int64) ([]time.Time, error) {
	var all []time.Time
	var last time.Time
	err := crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		now := time.Now() // want `time.Now inside the retried transaction callback of crdb.ExecuteTx gives each attempt a different value`
		all = append(all, now)
		if _, err := tx.ExecContext(ctx, stampSQL, now, nil, id); err != nil {
			return err
		}
		last = time.Now() // want `time.Now inside the retried transaction callback`
		if _, err := tx.ExecContext(ctx, stampSQL, last, nil, id); err != nil {
			return err
		}
		at := time.Now().UTC() // want `time.Now inside the retried transaction callback`
		log.Printf("stamped %d at %v", id, at)
		if _, err := tx.ExecContext(ctx, stampSQL, at, nil, id); err != nil {
			return err
		}
		seen <- time.Now().Unix()                                                              // want `time.Now inside the retried transaction callback`
		if _, err := tx.ExecContext(ctx, stampSQL, stampOf(time.Now()), nil, id); err != nil { // want `time.Now inside the retried transaction callback`
			return err
		}
		if _, err := db.ExecContext(ctx, stampSQL, time.Now(), nil, id); err != nil { // want `time.Now inside the retried transaction callback` `statement through db, not the transaction tx`
			return err
		}
		if err := touchOuter(ctx, db, id); err != nil { // want `touchOuter calls time.Now inside the retried transaction callback`
			return err
		}
		return touchAndLog(ctx, tx, id) // want `touchAndLog calls time.Now inside the retried transaction callback`
	})
	_ = last
	return all, err
}

// touchOuter writes the reading through the pool, not the callback's tx.
func touchOuter(ctx context.Context, db *sql.DB, id int) error {
	_, err := db.ExecContext(ctx, stampSQL, time.Now(), nil, id)
	return err
}

// touchAndLog also hands the reading to the log: each attempt prints its own.
func touchAndLog(ctx context.Context, tx *sql.Tx, id int) error {
	now := time.Now()
	log.Println("touched", id, now)
	_, err := tx.ExecContext(ctx, stampSQL, now, nil, id)
	return err
}
