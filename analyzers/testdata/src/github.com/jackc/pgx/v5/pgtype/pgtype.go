// Package pgtype is a stub of github.com/jackc/pgx/v5/pgtype (v5.12.0) for analysistest.
package pgtype

// Map is the registry of PostgreSQL types of a connection.
type Map struct{}
