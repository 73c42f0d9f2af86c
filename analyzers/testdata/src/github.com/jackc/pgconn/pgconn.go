// Package pgconn is a stub of github.com/jackc/pgconn (v1.14.3), the low-level driver
// used by pgx v4, for analysistest.
package pgconn

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag []byte

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return string(ct) }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }

// StatementDescription describes a prepared statement.
type StatementDescription struct {
	Name string
	SQL  string
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
