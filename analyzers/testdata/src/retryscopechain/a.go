// Package retryscopechain: an attempt made of steps (begin, run, commit) whose
// failures all start the next iteration, and whose last success leaves the loop.
package retryscopechain

import (
	"context"
	"database/sql"
	"errors"
)

var errRetry = errors.New("retry")

func steps(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop attempts=fn\(tx\)`
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			tx.Rollback()
			if errors.Is(err, errRetry) {
				continue
			}
			return err
		}
		if err := tx.Commit(); err == nil {
			return nil
		}
	}
	return errRetry
}

// A step whose success does not lead to leaving the loop keeps it a batch.
func batch(items []string, process, ack func(string) error) {
	for _, it := range items {
		if err := process(it); err != nil {
			continue
		}
		if err := ack(it); err != nil {
			continue
		}
	}
}
