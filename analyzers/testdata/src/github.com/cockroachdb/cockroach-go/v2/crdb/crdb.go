// Package crdb is a stub of github.com/cockroachdb/cockroach-go/v2/crdb (v2.4.2) for
// analysistest. ExecuteTx/ExecuteInTx retry the whole callback on CockroachDB retryable
// errors (SQLSTATE 40001), 50 retries by default; WithMaxRetries(ctx, 0) retries forever.
// Execute retries fn forever on retryable errors; ExecuteCtx honours the ctx's limit.
package crdb

import (
	"context"
	"database/sql"
)

// Tx abstracts the transaction operations ExecuteInTx needs.
type Tx interface {
	Exec(context.Context, string, ...interface{}) error
	Commit(context.Context) error
	Rollback(context.Context) error
}

// ExecuteInTx runs fn inside tx, retrying it on retryable errors.
func ExecuteInTx(ctx context.Context, tx Tx, fn func() error) (err error) { return fn() }

// Execute runs fn, retrying it (without bound) while it returns a retryable error.
func Execute(fn func() error) (err error) { return fn() }

// ExecuteCtxFunc is the function retried by ExecuteCtx.
type ExecuteCtxFunc func(context.Context, ...interface{}) error

// ExecuteCtx runs fn, retrying it on retryable errors up to the ctx's limit.
func ExecuteCtx(ctx context.Context, fn ExecuteCtxFunc, args ...interface{}) (err error) {
	return fn(ctx, args...)
}

// WithMaxRetries sets the retry limit of ExecuteTx; 0 retries indefinitely.
func WithMaxRetries(ctx context.Context, retries int) context.Context { return ctx }

// ExecuteTx runs fn inside a transaction and retries it as needed.
func ExecuteTx(ctx context.Context, db *sql.DB, opts *sql.TxOptions, fn func(*sql.Tx) error) error {
	return fn(nil)
}

type txError struct {
	cause error
}

func (e *txError) Error() string { return e.cause.Error() }
func (e *txError) Cause() error  { return e.cause }
func (e *txError) Unwrap() error { return e.cause }

// AmbiguousCommitError: the commit may or may not have happened.
type AmbiguousCommitError struct {
	txError
}

// MaxRetriesExceededError: the retry limit was reached.
type MaxRetriesExceededError struct {
	txError
	msg string
}

func (e *MaxRetriesExceededError) Error() string { return e.msg }

// TxnRestartError: ROLLBACK TO SAVEPOINT failed.
type TxnRestartError struct {
	txError
	retryCause error
	msg        string
}

func (e *TxnRestartError) Error() string     { return e.msg }
func (e *TxnRestartError) RetryCause() error { return e.retryCause }
