package txstmtretry

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/jackc/pgx/v5"
	"github.com/jmoiron/sqlx"
)

// Shape 8: a transaction commits at most once. After the first Commit, failed
// or not, it is finished and every later Commit fails (sql.ErrTxDone,
// pgx.ErrTxClosed), so retrying Commit on the same transaction cannot succeed.

func commitLoop(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE t SET x = 1"); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if err = tx.Commit(); err == nil { // want `tx.Commit is repeated by a retry loop, but the transaction was begun outside it: after the first Commit, failed or not, the transaction is done and every later Commit fails; retry the whole transaction from Begin to Commit`
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

func commitCallback(ctx context.Context, conn *pgx.Conn) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO ledger VALUES (1)"); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	return retry.Do(func() error {
		return tx.Commit(ctx) // want `tx.Commit is repeated by a retry callback`
	}, retry.Attempts(3))
}

func commitSqlx(ctx context.Context, db *sqlx.DB) error {
	tx, err := db.Beginx()
	if err != nil {
		return err
	}
	if _, err := tx.NamedExecContext(ctx, "INSERT INTO t VALUES (:id)", map[string]any{"id": 1}); err != nil {
		return err
	}
	err = tx.Commit()
	for n := 0; err != nil && n < 3; n++ {
		time.Sleep(time.Second)
		err = tx.Commit() // want `tx.Commit is repeated by a retry loop`
	}
	return err
}

// A transaction handed in by the caller was begun outside too.
func (r *repo) commitField() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = r.tx.Commit(); err == nil { // want `r.tx.Commit is repeated by a retry loop`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// ---- look-alikes ----

// Each attempt begins its own transaction: the right way to retry.
func commitPerAttempt(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ {
		var tx *sql.Tx
		if tx, err = db.BeginTx(ctx, nil); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, "UPDATE t SET x = 1"); err == nil {
			if err = tx.Commit(); err == nil {
				return nil
			}
		} else {
			_ = tx.Rollback()
		}
		if !errors.Is(err, errSerialization) {
			return err
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

func commitPerCallback(ctx context.Context, conn *pgx.Conn) error {
	return retry.Do(func() error {
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO ledger VALUES (1)"); err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		return tx.Commit(ctx)
	}, retry.Attempts(3))
}

// Commit once, after the retried statement succeeded: the success path.
func commitAfterRetry(ctx context.Context, tx *sql.Tx) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = tx.ExecContext(ctx, "SAVEPOINT s"); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, "UPDATE t SET x = 1"); err == nil {
			break
		}
		if _, err = tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT s"); err != nil {
			return err
		}
	}
	if err != nil {
		return err
	}
	return tx.Commit()
}

// Committing each of several transactions is no retry.
func commitAll(txs []*sql.Tx) error {
	for _, tx := range txs {
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
