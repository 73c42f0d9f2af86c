// Package retryscopetx holds the engine's transaction-callback cases.
package retryscopetx

import (
	"context"
	"database/sql"
	"errors"

	"github.com/avast/retry-go/v4"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
	"retryscopetx/txlib"
)

func crdbTx(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error { // want `tx callback of crdb.ExecuteTx retries=true param=tx body`
		return nil
	})
}

func gormTx(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error { // want `tx callback of gorm.Transaction retries=false param=tx body`
		return nil
	})
}

func pgxTx(ctx context.Context, conn *pgx.Conn) error {
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error { // want `tx callback of pgx.BeginFunc retries=false param=tx body`
		return nil
	})
}

type store struct{ db *sql.DB }

func (s *store) move(tx *sql.Tx) error { return nil }

func namedCallback(ctx context.Context, s *store) error {
	return crdb.ExecuteTx(ctx, s.db, nil, s.move) // want `tx callback of crdb.ExecuteTx retries=true param=tx body`
}

// InTx wraps a retrying helper: it is a retrying TxWrapper.
func InTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want `fact runs param 2 in a transaction \(retries true\)`
	return crdb.ExecuteTx(ctx, db, nil, fn) // want `tx callback of crdb.ExecuteTx retries=true`
}

func useInTx(ctx context.Context, db *sql.DB) error {
	return InTx(ctx, db, func(tx *sql.Tx) error { return nil }) // want `tx callback of retryscopetx.InTx retries=true param=tx body`
}

// WithTx wraps gorm's Transaction through a literal: not retrying.
func WithTx(db *gorm.DB, fn func(*gorm.DB) error) error { // want `fact runs param 1 in a transaction \(retries false\)`
	return db.Transaction(func(tx *gorm.DB) error { return fn(tx) }) // want `tx callback of gorm.Transaction retries=false param=tx body`
}

func useWithTx(db *gorm.DB) error {
	return WithTx(db, func(tx *gorm.DB) error { return nil }) // want `tx callback of retryscopetx.WithTx retries=false param=tx body`
}

// Wrapped wraps a wrapper.
func Wrapped(db *gorm.DB, fn func(*gorm.DB) error) error { // want `fact runs param 1 in a transaction \(retries false\)`
	return WithTx(db, fn) // want `tx callback of retryscopetx.WithTx retries=false`
}

func useWrapped(db *gorm.DB) error {
	return Wrapped(db, func(tx *gorm.DB) error { return nil }) // want `tx callback of retryscopetx.Wrapped retries=false param=tx body`
}

var errRetry = errors.New("retry")

// RunTx retries a transaction it begins itself: a retrying TxWrapper.
func RunTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want `fact runs param 2 in a transaction \(retries true\)`
	for attempt := 0; attempt < 3; attempt++ {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			tx.Rollback()
			if errors.Is(err, errRetry) {
				continue
			}
			return err
		}
		if err := tx.Commit(); err == nil {
			return nil
		}
	}
	return errRetry
}

func useRunTx(ctx context.Context, db *sql.DB) error {
	return RunTx(ctx, db, func(tx *sql.Tx) error { return nil }) // want `tx callback of retryscopetx.RunTx retries=true param=tx body`
}

// RetryTx hands the callback to a retry helper and begins the transaction inside.
func RetryTx(ctx context.Context, db *sql.DB, fn func(context.Context, *sql.Tx) error) error { // want `fact runs param 2 in a transaction \(retries true\)`
	return retry.Do(func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err := fn(ctx, tx); err != nil {
			tx.Rollback()
			return err
		}
		return tx.Commit()
	})
}

func useRetryTx(ctx context.Context, db *sql.DB) error {
	return RetryTx(ctx, db, func(ctx context.Context, tx *sql.Tx) error { return nil }) // want `tx callback of retryscopetx.RetryTx retries=true param=tx body`
}

// Retrying a plain function that never begins a transaction is no TxWrapper.
func RetryPlain(fn func() error) error {
	return retry.Do(func() error { return fn() })
}

func usePlain() error {
	return RetryPlain(func() error { return nil })
}

// A non-retrying transaction inside a retry callback runs again.
func gormInRetry(db *gorm.DB) error {
	return retry.Do(func() error {
		return db.Transaction(func(tx *gorm.DB) error { // want `tx callback of gorm.Transaction retries=true param=tx body`
			return nil
		})
	})
}

// ... and so does one nested in a retrying transaction.
func nested(ctx context.Context, db *sql.DB, g *gorm.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error { // want `tx callback of crdb.ExecuteTx retries=true param=tx body`
		return g.Transaction(func(inner *gorm.DB) error { // want `tx callback of gorm.Transaction retries=true param=inner body`
			return nil
		})
	})
}

// crdb.ExecuteInTx's callback has no transaction parameter.
func inTx(ctx context.Context, tx crdb.Tx) error {
	return crdb.ExecuteInTx(ctx, tx, func() error { return nil }) // want `tx callback of crdb.ExecuteInTx retries=true body`
}

// Wrappers of another package are known through their facts.
func crossPackage(ctx context.Context, db *sql.DB, g *gorm.DB) error {
	if err := txlib.Retrying(ctx, db, func(tx *sql.Tx) error { return nil }); err != nil { // want `tx callback of txlib.Retrying retries=true param=tx body`
		return err
	}
	return txlib.Once(g, func(tx *gorm.DB) error { return nil }) // want `tx callback of txlib.Once retries=false param=tx body`
}

// A transaction in a retry loop's attempt runs again; one on the success path,
// after the attempt succeeded, runs once.
func loops(ctx context.Context, db *gorm.DB, send func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		err = db.Transaction(func(tx *gorm.DB) error { return nil }) // want `tx callback of gorm.Transaction retries=true param=tx body`
		if err == nil {
			break
		}
	}
	for i := 0; i < 3; i++ {
		if err := send(); err != nil {
			continue
		}
		return db.Transaction(func(tx *gorm.DB) error { return nil }) // want `tx callback of gorm.Transaction retries=false param=tx body`
	}
	return err
}
