// Package txstmtretry holds the txstmtretry rule's cases.
package txstmtretry

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
)

var errSerialization = errors.New("40001")

// --- statement retried on an outer transaction ----------------------------

func loopOnOuterTx(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for attempt := 0; attempt < 3; attempt++ {
		_, err = tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - 10 WHERE id = 1") // want `statement on tx is repeated by a retry loop, but the transaction was begun outside it: after a serialization failure or deadlock the transaction is aborted; retry the whole transaction from Begin to Commit`
		if err == nil {
			break
		}
		if !errors.Is(err, errSerialization) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	return tx.Commit()
}

func callbackOnOuterTx(ctx context.Context, conn *pgx.Conn) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	err = retry.Do(func() error {
		_, err := tx.Exec(ctx, "INSERT INTO ledger VALUES (1)") // want `statement on tx is repeated by a retry callback`
		return err
	}, retry.Attempts(3))
	if err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}

func gormOuterTx(db *gorm.DB) error {
	tx := db.Begin()
	for i := 0; i < 3; i++ {
		err := tx.Create(&struct{ ID int }{}).Error // want `statement on tx is repeated by a retry loop`
		if err == nil {
			break
		}
		if !errors.Is(err, errSerialization) {
			return err
		}
	}
	return tx.Commit().Error
}

// A transaction received from the caller was begun outside too.
func recursive(ctx context.Context, tx *sql.Tx, tries int) error {
	_, err := tx.ExecContext(ctx, "UPDATE stock SET n = n - 1") // want `statement on tx is repeated by a recursive retry`
	if err != nil && errors.Is(err, errSerialization) && tries > 0 {
		return recursive(ctx, tx, tries-1)
	}
	return err
}

// A retry loop inside a transaction callback retries one statement of it.
func insideCallback(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var err error
		for i := 0; i < 3; i++ {
			if err = tx.Exec("UPDATE t SET x = x + 1").Error; err == nil { // want `statement on tx is repeated by a retry loop`
				return nil
			}
		}
		return err
	})
}

func insertRow(ctx context.Context, tx *sql.Tx, id int) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO rows VALUES ($1)", id)
	return err
}

func viaHelper(ctx context.Context, tx *sql.Tx) error {
	return retry.Do(func() error {
		return insertRow(ctx, tx, 1) // want `insertRow running statements on tx is repeated by a retry callback`
	}, retry.Attempts(3))
}

type repo struct{ tx *sql.Tx }

func (r *repo) save(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = r.tx.ExecContext(ctx, "INSERT INTO t VALUES (1)"); err == nil { // want `statement on r.tx is repeated by a retry loop`
			return nil
		}
	}
	return err
}

// --- must not report -------------------------------------------------------

// The whole transaction is retried: begun, used and committed per attempt.
func wholeTx(ctx context.Context, db *sql.DB) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var tx *sql.Tx
		tx, err = db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, "UPDATE t SET x = 1"); err != nil {
			tx.Rollback()
			continue
		}
		if err = tx.Commit(); err == nil {
			return nil
		}
	}
	return err
}

func transfer(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE t SET x = 1"); err != nil {
		return err
	}
	return tx.Commit()
}

func retriedFunction(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { return transfer(ctx, db) }, retry.Attempts(3))
}

// crdb retries the transaction in place (savepoint) or as a whole.
func crdbInTx(ctx context.Context, tx crdb.Tx) error {
	return crdb.ExecuteInTx(ctx, tx, func() error {
		return tx.Exec(ctx, "UPDATE t SET x = 1")
	})
}

func crdbWhole(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE t SET x = 1")
		return err
	})
}

// Rolling back to a savepoint before the next attempt.
func savepointRetry(ctx context.Context, tx *sql.Tx) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = tx.ExecContext(ctx, "SAVEPOINT s"); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, "INSERT INTO t VALUES (1)"); err == nil {
			return nil
		}
		if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT s"); rerr != nil {
			return rerr
		}
	}
	return err
}

// Statements on the pool, not on a transaction.
func poolRetry(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = db.ExecContext(ctx, "UPDATE t SET x = 1"); err == nil {
			return nil
		}
	}
	return err
}

// A batch loop stops at the first error: no retry.
func batch(ctx context.Context, tx *sql.Tx, ids []int) error {
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, "DELETE FROM t WHERE id = $1", id); err != nil {
			return err
		}
	}
	return nil
}

// A poller waits for a condition, not for an error to go away.
func poll(ctx context.Context, tx *sql.Tx) error {
	for {
		var done bool
		if err := tx.QueryRowContext(ctx, "SELECT done FROM jobs").Scan(&done); err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A wrapper that begins once and retries the callback on the same transaction.
func WithRetry(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for i := 0; i < 3; i++ {
		if err = fn(tx); err == nil { // want `the callback fn with tx is repeated by a retry loop`
			return tx.Commit()
		}
	}
	return err
}

// A statement on the success path, after the retried call succeeded, runs once.
func afterSuccess(ctx context.Context, tx *sql.Tx, fetch func() (string, error)) error {
	for i := 0; i < 3; i++ {
		v, err := fetch()
		if err != nil {
			continue
		}
		_, xerr := tx.ExecContext(ctx, "UPDATE t SET v = $1", v)
		return xerr
	}
	return errSerialization
}
