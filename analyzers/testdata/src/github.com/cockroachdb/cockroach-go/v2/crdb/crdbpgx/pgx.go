// Package crdbpgx is a stub of github.com/cockroachdb/cockroach-go/v2/crdb/crdbpgx
// (v2.4.2, pgx v4) for analysistest.
package crdbpgx

import (
	"context"

	"github.com/jackc/pgx/v4"
)

// ExecuteTx runs fn inside a transaction and retries it as needed.
func ExecuteTx(ctx context.Context, conn Conn, txOptions pgx.TxOptions, fn func(pgx.Tx) error) error {
	return fn(nil)
}

// Conn abstracts pgx transaction creators: pgx.Conn and pgxpool.Pool.
type Conn interface {
	Begin(context.Context) (pgx.Tx, error)
	BeginTx(context.Context, pgx.TxOptions) (pgx.Tx, error)
}
