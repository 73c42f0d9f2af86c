// Package crdbgorm is a stub of github.com/cockroachdb/cockroach-go/v2/crdb/crdbgorm
// (v2.4.2) for analysistest.
package crdbgorm

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

// ExecuteTx runs fn inside a transaction and retries it as needed.
func ExecuteTx(ctx context.Context, db *gorm.DB, opts *sql.TxOptions, fn func(tx *gorm.DB) error) error {
	return fn(db)
}
