package loops

import (
	"context"
	"database/sql"
	"errors"
)

// Fill-in loops: the failure names a missing piece, the failure path fetches
// it and adds it to what the attempt checks. The region is kept (the loop has
// retry form) and marked failover: the next pass checks a larger input.

type missingRowError struct{ key string }

func (e *missingRowError) Error() string { return "missing " + e.key }

func checkRows(ctx context.Context, db *sql.DB, rows map[string]string) error { return nil }

func fetchRow(ctx context.Context, db *sql.DB, key string) (string, error) {
	var v string
	err := db.QueryRowContext(ctx, "SELECT v FROM t WHERE k = $1", key).Scan(&v)
	return v, err
}

func fillRows(ctx context.Context, db *sql.DB, rows map[string]string) error {
	for { // want `retry loop classified=true bounded=false failover ctx=ctx`
		err := checkRows(ctx, db, rows)
		var missing *missingRowError
		if !errors.As(err, &missing) {
			return err
		}
		v, err := fetchRow(ctx, db, missing.key)
		if err != nil {
			return err
		}
		rows[missing.key] = v
	}
}

// The fetched row goes into a copy the check never reads: a retry.
func fetchIntoCopy(ctx context.Context, db *sql.DB, rows map[string]string) error {
	fetched := map[string]string{}
	for { // want `retry loop classified=true bounded=false ctx=ctx$`
		err := checkRows(ctx, db, rows)
		var missing *missingRowError
		if !errors.As(err, &missing) {
			return err
		}
		v, err := fetchRow(ctx, db, missing.key)
		if err != nil {
			return err
		}
		fetched[missing.key] = v
	}
}
