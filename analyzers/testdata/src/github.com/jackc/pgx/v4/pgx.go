// Package pgx is a stub of github.com/jackc/pgx/v4 (v4.18.3) for analysistest.
// In v4 BeginFunc/BeginTxFunc are methods of Conn (and Tx.BeginFunc opens a savepoint);
// they run fn once, commit on nil and roll back otherwise.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgproto3/v2"
)

var (
	ErrNoRows   = errors.New("no rows in result set")
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
}

// Identifier is a PostgreSQL identifier or a name made of several.
type Identifier []string

// CopyFromSource is the row source of CopyFrom.
type CopyFromSource interface {
	Next() bool
	Values() ([]interface{}, error)
	Err() error
}

// LargeObjects gives access to the large objects of a transaction.
type LargeObjects struct{}

// Rows is the result set of Query.
type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	FieldDescriptions() []pgproto3.FieldDescription
	Next() bool
	Scan(dest ...interface{}) error
	Values() ([]interface{}, error)
	RawValues() [][]byte
}

// Row is the single-row result of QueryRow.
type Row interface {
	Scan(dest ...interface{}) error
}

// QueryFuncRow is the row passed to QueryFunc's callback.
type QueryFuncRow interface {
	FieldDescriptions() []pgproto3.FieldDescription
	RawValues() [][]byte
}

// Batch queues queries to send at once.
type Batch struct{}

func (b *Batch) Queue(query string, arguments ...interface{}) {}
func (b *Batch) Len() int                                     { return 0 }

// BatchResults reads the results of a Batch.
type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	QueryFunc(scans []interface{}, f func(QueryFuncRow) error) (pgconn.CommandTag, error)
	Close() error
}

// Tx is a database transaction.
type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	BeginFunc(ctx context.Context, f func(Tx) error) (err error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error)
	SendBatch(ctx context.Context, b *Batch) BatchResults
	LargeObjects() LargeObjects
	Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error)
	Exec(ctx context.Context, sql string, arguments ...interface{}) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...interface{}) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...interface{}) Row
	QueryFunc(ctx context.Context, sql string, args []interface{}, scans []interface{}, f func(QueryFuncRow) error) (pgconn.CommandTag, error)
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
func (c *Conn) Ping(ctx context.Context) error  { return nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (Rows, error) {
	panic("stub")
}
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) Row { panic("stub") }
func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults              { panic("stub") }
func (c *Conn) Begin(ctx context.Context) (Tx, error)                             { panic("stub") }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)      { panic("stub") }

// BeginFunc starts a transaction, runs f in it once, and commits when f returns nil.
func (c *Conn) BeginFunc(ctx context.Context, f func(Tx) error) (err error) { panic("stub") }

// BeginTxFunc is BeginFunc with transaction options.
func (c *Conn) BeginTxFunc(ctx context.Context, txOptions TxOptions, f func(Tx) error) (err error) {
	panic("stub")
}
