// Package txconn is a database library whose transactions begin through a
// name that is not Begin* and come back as a connection value carrying the
// transaction in a field (as ORMs' connection types do).
package txconn

import (
	"context"
	"database/sql"
)

// Tx is the library's transaction: *sql.Tx's Commit and Rollback, promoted.
type Tx struct{ *sql.Tx }

// Connection is a pool, or, when TX is set, a connection inside a transaction.
type Connection struct {
	TX *Tx
}

// NewTransactionContextOptions begins a transaction and returns the
// connection that runs in it.
func (c *Connection) NewTransactionContextOptions(ctx context.Context, opts *sql.TxOptions) (*Connection, error) {
	return &Connection{}, nil
}
