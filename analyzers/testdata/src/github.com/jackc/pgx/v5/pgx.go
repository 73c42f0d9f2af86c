// Package pgx is a stub of github.com/jackc/pgx/v5 (v5.12.0) for analysistest.
// BeginFunc/BeginTxFunc run fn in a transaction once (no retry); the stub keeps the
// transaction, query and batch API a retry linter looks at.
package pgx

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

var (
	ErrNoRows   = sql.ErrNoRows
	ErrTxClosed = errors.New("tx is closed")
)

type TxIsoLevel string

const (
	Serializable    TxIsoLevel = "serializable"
	RepeatableRead  TxIsoLevel = "repeatable read"
	ReadCommitted   TxIsoLevel = "read committed"
	ReadUncommitted TxIsoLevel = "read uncommitted"
)

type TxAccessMode string

const (
	ReadWrite TxAccessMode = "read write"
	ReadOnly  TxAccessMode = "read only"
)

type TxDeferrableMode string

const (
	Deferrable    TxDeferrableMode = "deferrable"
	NotDeferrable TxDeferrableMode = "not deferrable"
)

// TxOptions are the transaction modes of BeginTx.
type TxOptions struct {
	IsoLevel       TxIsoLevel
	AccessMode     TxAccessMode
	DeferrableMode TxDeferrableMode
	BeginQuery     string
	CommitQuery    string
}

// Identifier is a PostgreSQL identifier or a name made of several.
type Identifier []string

// CopyFromSource is the row source of CopyFrom.
type CopyFromSource interface {
	Next() bool
	Values() ([]any, error)
	Err() error
}

// LargeObjects gives access to the large objects of a transaction.
type LargeObjects struct{}

// Rows is the result set of Query.
type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	FieldDescriptions() []pgconn.FieldDescription
	Next() bool
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
	Conn() *Conn
	TypeMap() *pgtype.Map
}

// Row is the single-row result of QueryRow.
type Row interface {
	Scan(dest ...any) error
}

// QueuedQuery is a query queued in a Batch.
type QueuedQuery struct {
	SQL       string
	Arguments []any
}

// Batch queues queries to send at once.
type Batch struct {
	QueuedQueries []*QueuedQuery
}

func (b *Batch) Queue(query string, arguments ...any) *QueuedQuery { panic("stub") }
func (b *Batch) Len() int                                          { return len(b.QueuedQueries) }

// BatchResults reads the results of a Batch.
type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	Close() error
	Tx() Tx
}

// Tx is a database transaction.
type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error)
	SendBatch(ctx context.Context, b *Batch) BatchResults
	LargeObjects() LargeObjects
	Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error)
	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
	Conn() *Conn
}

// ConnConfig configures a Conn.
type ConnConfig struct{}

// Conn is a PostgreSQL connection.
type Conn struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { panic("stub") }

func ConnectConfig(ctx context.Context, connConfig *ConnConfig) (*Conn, error) { panic("stub") }

func ParseConfig(connString string) (*ConnConfig, error) { panic("stub") }

func (c *Conn) Close(ctx context.Context) error { return nil }
func (c *Conn) Prepare(ctx context.Context, name, sql string) (sd *pgconn.StatementDescription, err error) {
	panic("stub")
}
func (c *Conn) IsClosed() bool                 { return false }
func (c *Conn) Ping(ctx context.Context) error { return nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { panic("stub") }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row        { panic("stub") }
func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults             { panic("stub") }
func (c *Conn) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	panic("stub")
}
func (c *Conn) Begin(ctx context.Context) (Tx, error)                        { panic("stub") }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { panic("stub") }

// BeginFunc starts a transaction, runs fn in it once, and commits when fn returns nil
// (rolls back otherwise).
func BeginFunc(
	ctx context.Context,
	db interface {
		Begin(ctx context.Context) (Tx, error)
	},
	fn func(Tx) error,
) (err error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return err
	}
	return fn(tx)
}

// BeginTxFunc is BeginFunc with transaction options.
func BeginTxFunc(
	ctx context.Context,
	db interface {
		BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)
	},
	txOptions TxOptions,
	fn func(Tx) error,
) (err error) {
	tx, err := db.BeginTx(ctx, txOptions)
	if err != nil {
		return err
	}
	return fn(tx)
}
