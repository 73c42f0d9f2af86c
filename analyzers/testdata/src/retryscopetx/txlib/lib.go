// Package txlib wraps transaction helpers for another package.
package txlib

import (
	"context"
	"database/sql"

	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"gorm.io/gorm"
)

// Retrying runs fn in a retried transaction.
func Retrying(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want `fact runs param 2 in a transaction \(retries true\)`
	return crdb.ExecuteTx(ctx, db, nil, fn) // want `tx callback of crdb.ExecuteTx retries=true`
}

// Once runs fn in a transaction once.
func Once(db *gorm.DB, fn func(*gorm.DB) error) error { // want `fact runs param 1 in a transaction \(retries false\)`
	return db.Transaction(fn) // want `tx callback of gorm.Transaction retries=false`
}
