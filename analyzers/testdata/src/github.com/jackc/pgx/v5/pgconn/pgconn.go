// Package pgconn is a stub of github.com/jackc/pgx/v5/pgconn (v5.12.0) for analysistest.
package pgconn

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag struct {
	s string
}

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return ct.s }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }

// StatementDescription describes a prepared statement.
type StatementDescription struct {
	Name string
	SQL  string
}

// FieldDescription describes a result column.
type FieldDescription struct {
	Name string
}

// PgError is an error reported by the PostgreSQL server.
type PgError struct {
	Severity string
	Code     string
	Message  string
}

func (pe *PgError) Error() string {
	return pe.Severity + ": " + pe.Message + " (SQLSTATE " + pe.Code + ")"
}
func (pe *PgError) SQLState() string { return pe.Code }
