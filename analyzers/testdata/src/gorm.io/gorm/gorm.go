// Package gorm is a stub of gorm.io/gorm (v1.31.2) for analysistest.
// DB.Transaction runs fc once in a transaction (no retry), committing on nil.
// Dialector and Option are reduced to their first methods; Statement and Config to a
// few fields. The chainable/finisher methods keep their real signatures.
package gorm

import (
	"context"
	"database/sql"
	"errors"
)

var (
	ErrRecordNotFound = errors.New("record not found")
	ErrDuplicatedKey  = errors.New("duplicated key not allowed")
)

// Dialector is a database dialect (reduced).
type Dialector interface {
	Name() string
	Initialize(*DB) error
}

// Option configures Open (reduced).
type Option interface {
	Apply(*Config) error
	AfterInitialize(*DB) error
}

// Config is the configuration of a DB (reduced).
type Config struct {
	SkipDefaultTransaction bool
	PrepareStmt            bool
}

// Statement is the statement being built (reduced).
type Statement struct {
	Table   string
	Context context.Context
}

// Session configures DB.Session (reduced).
type Session struct {
	DryRun                 bool
	SkipDefaultTransaction bool
	Context                context.Context
}

// DB is the GORM handle; a *DB returned by Begin or passed to a Transaction
// callback is bound to the transaction.
type DB struct {
	*Config
	Error        error
	RowsAffected int64
	Statement    *Statement
}

func Open(dialector Dialector, opts ...Option) (db *DB, err error) { panic("stub") }

func (db *DB) Session(config *Session) *DB                            { return db }
func (db *DB) WithContext(ctx context.Context) *DB                    { return db }
func (db *DB) Debug() (tx *DB)                                        { return db }
func (db *DB) DB() (*sql.DB, error)                                   { panic("stub") }
func (db *DB) Model(value interface{}) (tx *DB)                       { return db }
func (db *DB) Table(name string, args ...interface{}) (tx *DB)        { return db }
func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB) { return db }
func (db *DB) Omit(columns ...string) (tx *DB)                        { return db }
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB)  { return db }
func (db *DB) Order(value interface{}) (tx *DB)                       { return db }
func (db *DB) Limit(limit int) (tx *DB)                               { return db }
func (db *DB) Preload(query string, args ...interface{}) (tx *DB)     { return db }
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB)         { return db }

func (db *DB) Create(value interface{}) (tx *DB)                             { return db }
func (db *DB) Save(value interface{}) (tx *DB)                               { return db }
func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB)         { return db }
func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) Last(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB)          { return db }
func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) { return db }
func (db *DB) Update(column string, value interface{}) (tx *DB)              { return db }
func (db *DB) Updates(values interface{}) (tx *DB)                           { return db }
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB)       { return db }
func (db *DB) Count(count *int64) (tx *DB)                                   { return db }
func (db *DB) Row() *sql.Row                                                 { panic("stub") }
func (db *DB) Rows() (*sql.Rows, error)                                      { panic("stub") }
func (db *DB) Scan(dest interface{}) (tx *DB)                                { return db }
func (db *DB) Pluck(column string, dest interface{}) (tx *DB)                { return db }
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB)               { return db }

// Transaction runs fc in a transaction: commit when it returns nil, roll back otherwise.
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) { return fc(db) }

func (db *DB) Begin(opts ...*sql.TxOptions) *DB { return db }
func (db *DB) Commit() *DB                      { return db }
func (db *DB) Rollback() *DB                    { return db }
func (db *DB) SavePoint(name string) *DB        { return db }
func (db *DB) RollbackTo(name string) *DB       { return db }
