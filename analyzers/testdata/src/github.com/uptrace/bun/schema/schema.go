// Package schema is a stub of github.com/uptrace/bun/schema (v1.3.0); Dialect is
// reduced to Init.
package schema

import "database/sql"

// Dialect is a SQL dialect.
type Dialect interface {
	Init(db *sql.DB)
}
