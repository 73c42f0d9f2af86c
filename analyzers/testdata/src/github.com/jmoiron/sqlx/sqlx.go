// Package sqlx is a stub of github.com/jmoiron/sqlx (v1.4.0) for analysistest
// (needed by crdbsqlx). The Mapper fields are left out.
package sqlx

import (
	"context"
	"database/sql"
)

// DB wraps *sql.DB.
type DB struct {
	*sql.DB
	driverName string
}

// Tx wraps *sql.Tx.
type Tx struct {
	*sql.Tx
	driverName string
}

func NewDb(db *sql.DB, driverName string) *DB                { return &DB{DB: db, driverName: driverName} }
func Open(driverName, dataSourceName string) (*DB, error)    { panic("stub") }
func Connect(driverName, dataSourceName string) (*DB, error) { panic("stub") }
func ConnectContext(ctx context.Context, driverName, dataSourceName string) (*DB, error) {
	panic("stub")
}

func (db *DB) MustBegin() *Tx                                                 { panic("stub") }
func (db *DB) Beginx() (*Tx, error)                                           { panic("stub") }
func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { panic("stub") }
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	panic("stub")
}
func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	panic("stub")
}
func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	panic("stub")
}

func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	panic("stub")
}
func (tx *Tx) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	panic("stub")
}
func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	panic("stub")
}
