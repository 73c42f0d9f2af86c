package txstmtretry

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"example.com/txconn"
	"github.com/avast/retry-go/v4"
)

// A transaction reached as a field of a value (cn.TX) is per attempt when
// the value is declared or given a new value inside the attempt, whatever
// function began it; it is the outer one when the value was set before.

// Begun inside an immediately-called literal of the loop: each round commits
// a fresh transaction, the right way to retry.
func perAttemptLiteral(ctx context.Context, conn *txconn.Connection, opts *sql.TxOptions, work func(*txconn.Connection) error) error {
	var err error
	for range 10 {
		err = func() error {
			cn, err := conn.NewTransactionContextOptions(ctx, opts)
			if err != nil {
				return err
			}
			if err := work(cn); err != nil {
				_ = cn.TX.Rollback()
				return err
			}
			if _, err := cn.TX.ExecContext(ctx, "UPDATE t SET x = 1"); err != nil {
				_ = cn.TX.Rollback()
				return err
			}
			return cn.TX.Commit()
		}()
		if err == nil || !errors.Is(err, errSerialization) {
			return err
		}
	}
	return err
}

// Begun in the loop body itself.
func perAttemptBody(ctx context.Context, conn *txconn.Connection) error {
	var err error
	for i := 0; i < 3; i++ {
		cn, berr := conn.NewTransactionContextOptions(ctx, nil)
		if berr != nil {
			return berr
		}
		if _, err = cn.TX.ExecContext(ctx, "UPDATE t SET x = 1"); err == nil {
			if err = cn.TX.Commit(); err == nil {
				return nil
			}
		}
		if !errors.Is(err, errSerialization) {
			return err
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// Declared before the loop, given a new transaction on every round.
func perAttemptAssigned(ctx context.Context, conn *txconn.Connection) error {
	var cn *txconn.Connection
	var err error
	for i := 0; i < 3; i++ {
		if cn, err = conn.NewTransactionContextOptions(ctx, nil); err != nil {
			return err
		}
		if err = cn.TX.Commit(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// Begun inside a retry callback.
func perAttemptCallback(ctx context.Context, conn *txconn.Connection) error {
	return retry.Do(func() error {
		cn, err := conn.NewTransactionContextOptions(ctx, nil)
		if err != nil {
			return err
		}
		return cn.TX.Commit()
	}, retry.Attempts(3))
}

// ---- begun before the retry: reported ----

func outerFieldCommit(ctx context.Context, conn *txconn.Connection) error {
	cn, err := conn.NewTransactionContextOptions(ctx, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if err = cn.TX.Commit(); err == nil { // want `cn.TX.Commit is repeated by a retry loop, but the transaction was begun outside it`
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

func outerFieldStatement(ctx context.Context, conn *txconn.Connection) error {
	cn, err := conn.NewTransactionContextOptions(ctx, nil)
	if err != nil {
		return err
	}
	err = retry.Do(func() error {
		_, err := cn.TX.ExecContext(ctx, "INSERT INTO ledger VALUES (1)") // want `statement on cn.TX is repeated by a retry callback`
		return err
	}, retry.Attempts(3))
	if err != nil {
		_ = cn.TX.Rollback()
		return err
	}
	return cn.TX.Commit()
}

// A connection handed in by the caller holds the caller's transaction.
func outerFieldParam(ctx context.Context, cn *txconn.Connection) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = cn.TX.ExecContext(ctx, "UPDATE t SET x = 1"); err == nil { // want `statement on cn.TX is repeated by a retry loop`
			return nil
		}
		if !errors.Is(err, errSerialization) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
