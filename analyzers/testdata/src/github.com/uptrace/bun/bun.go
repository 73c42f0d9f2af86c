// Package bun is a stub of github.com/uptrace/bun (v1.3.0) for analysistest.
// DB.RunInTx runs fn once in a transaction (no retry). As in the real package, DB
// embeds *sql.DB through an unexported struct, so db.DB is the *sql.DB.
package bun

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun/schema"
)

// DBOption configures NewDB.
type DBOption func(db *DB)

type noCopyState struct {
	*sql.DB
	dialect schema.Dialect
}

// DB is a bun database handle.
type DB struct {
	*noCopyState
}

func NewDB(sqldb *sql.DB, dialect schema.Dialect, opts ...DBOption) *DB {
	return &DB{noCopyState: &noCopyState{DB: sqldb, dialect: dialect}}
}

// Conn is a single connection of a DB.
type Conn struct {
	db *DB
	*sql.Conn
}

func (c Conn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	panic("stub")
}
func (c Conn) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return fn(ctx, Tx{})
}
func (c Conn) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { panic("stub") }

// Stmt is a prepared statement.
type Stmt struct {
	*sql.Stmt
}

func (db *DB) Conn(ctx context.Context) (Conn, error)                         { panic("stub") }
func (db *DB) Prepare(query string) (Stmt, error)                             { panic("stub") }
func (db *DB) PrepareContext(ctx context.Context, query string) (Stmt, error) { panic("stub") }

func (db *DB) NewSelect() *SelectQuery                    { return &SelectQuery{} }
func (db *DB) NewInsert() *InsertQuery                    { return &InsertQuery{} }
func (db *DB) NewUpdate() *UpdateQuery                    { return &UpdateQuery{} }
func (db *DB) NewDelete() *DeleteQuery                    { return &DeleteQuery{} }
func (db *DB) NewRaw(query string, args ...any) *RawQuery { return &RawQuery{} }

func (db *DB) Exec(query string, args ...any) (sql.Result, error) { panic("stub") }
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	panic("stub")
}
func (db *DB) Query(query string, args ...any) (*sql.Rows, error) { panic("stub") }
func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	panic("stub")
}

// RunInTx runs fn in a transaction: commit when it returns nil, roll back otherwise.
func (db *DB) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return fn(ctx, Tx{})
}

func (db *DB) Begin() (Tx, error)                                           { panic("stub") }
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { panic("stub") }

// Tx is a bun transaction (a value type embedding *sql.Tx).
type Tx struct {
	ctx context.Context
	db  *DB
	*sql.Tx
}

func (tx Tx) Commit() error                                      { return nil }
func (tx Tx) Rollback() error                                    { return nil }
func (tx Tx) Exec(query string, args ...any) (sql.Result, error) { panic("stub") }
func (tx Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	panic("stub")
}
func (tx Tx) Query(query string, args ...any) (*sql.Rows, error) { panic("stub") }
func (tx Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	panic("stub")
}
func (tx Tx) QueryRow(query string, args ...any) *sql.Row { panic("stub") }
func (tx Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	panic("stub")
}
func (tx Tx) Begin() (Tx, error)                                        { panic("stub") }
func (tx Tx) BeginTx(ctx context.Context, _ *sql.TxOptions) (Tx, error) { panic("stub") }
func (tx Tx) RunInTx(ctx context.Context, _ *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return fn(ctx, tx)
}
func (tx Tx) NewSelect() *SelectQuery                    { return &SelectQuery{} }
func (tx Tx) NewInsert() *InsertQuery                    { return &InsertQuery{} }
func (tx Tx) NewUpdate() *UpdateQuery                    { return &UpdateQuery{} }
func (tx Tx) NewDelete() *DeleteQuery                    { return &DeleteQuery{} }
func (tx Tx) NewRaw(query string, args ...any) *RawQuery { return &RawQuery{} }

// SelectQuery builds a SELECT.
type SelectQuery struct{}

func (q *SelectQuery) Model(model any) *SelectQuery                 { return q }
func (q *SelectQuery) Where(query string, args ...any) *SelectQuery { return q }
func (q *SelectQuery) Scan(ctx context.Context, dest ...any) error  { return nil }
func (q *SelectQuery) Exec(ctx context.Context, dest ...any) (res sql.Result, err error) {
	return nil, nil
}

// InsertQuery builds an INSERT.
type InsertQuery struct{}

func (q *InsertQuery) Model(model any) *InsertQuery                              { return q }
func (q *InsertQuery) On(s string, args ...any) *InsertQuery                     { return q }
func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }

// UpdateQuery builds an UPDATE.
type UpdateQuery struct{}

func (q *UpdateQuery) Model(model any) *UpdateQuery                              { return q }
func (q *UpdateQuery) Set(query string, args ...any) *UpdateQuery                { return q }
func (q *UpdateQuery) Where(query string, args ...any) *UpdateQuery              { return q }
func (q *UpdateQuery) Scan(ctx context.Context, dest ...any) error               { return nil }
func (q *UpdateQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }

// DeleteQuery builds a DELETE.
type DeleteQuery struct{}

func (q *DeleteQuery) Model(model any) *DeleteQuery                              { return q }
func (q *DeleteQuery) Where(query string, args ...any) *DeleteQuery              { return q }
func (q *DeleteQuery) Scan(ctx context.Context, dest ...any) error               { return nil }
func (q *DeleteQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }

// RawQuery is a raw SQL query.
type RawQuery struct{}

func (q *RawQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }
func (q *RawQuery) Scan(ctx context.Context, dest ...any) error               { return nil }
