// Package pgxpool is a stub of github.com/jackc/pgx/v5/pgxpool (v5.12.0) for analysistest.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Config configures a Pool.
type Config struct {
	ConnConfig *pgx.ConnConfig
	MaxConns   int32
}

// Pool is a connection pool.
type Pool struct{}

// Conn is a connection acquired from a Pool.
type Conn struct{}

func (c *Conn) Release()                                                             {}
func (c *Conn) Conn() *pgx.Conn                                                      { panic("stub") }
func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error)                            { panic("stub") }
func (c *Conn) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { panic("stub") }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	panic("stub")
}

func New(ctx context.Context, connString string) (*Pool, error) { panic("stub") }

func NewWithConfig(ctx context.Context, config *Config) (*Pool, error) { panic("stub") }

func ParseConfig(connString string) (*Config, error) { panic("stub") }

func (p *Pool) Close()                                                     {}
func (p *Pool) Acquire(ctx context.Context) (c *Conn, err error)           { panic("stub") }
func (p *Pool) AcquireFunc(ctx context.Context, f func(*Conn) error) error { panic("stub") }
func (p *Pool) Reset()                                                     {}
func (p *Pool) Config() *Config                                            { panic("stub") }
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { panic("stub") }
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { panic("stub") }
func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults         { panic("stub") }
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error)                            { panic("stub") }
func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { panic("stub") }
func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	panic("stub")
}
func (p *Pool) Ping(ctx context.Context) error { return nil }
