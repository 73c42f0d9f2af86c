package retryall

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/hex"
)

// Issue 12 shape 2: a loop that inserts a fresh random ID each round searches
// for a free one; it is no retry, so how it treats errors is not a retry's
// classification (retryscope: searches). The same ID inserted again is a
// retry of every error.

type txWriter struct{}

// do runs op in a transaction of db.
func (txWriter) do(db *sql.DB, op func(tx *sql.Tx) error) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if err := op(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func insertToken(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO tokens (id) VALUES ($1)", id)
	return err
}

func sameTokenID(ctx context.Context, w txWriter, db *sql.DB, id string) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = w.do(db, func(tx *sql.Tx) error { return insertToken(ctx, tx, id) }); err == nil {
			return nil
		}
	}
	return err
}

func newTokenID() (string, error) {
	b := make([]byte, 6)
	if _, err := crand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// ---- look-alike: a search ----

func randomTokenID(ctx context.Context, w txWriter, db *sql.DB) (string, error) {
	var id string
	var err error
	for i := 0; i < 5; i++ {
		if id, err = newTokenID(); err != nil {
			return "", err
		}
		if err = w.do(db, func(tx *sql.Tx) error { return insertToken(ctx, tx, id) }); err == nil {
			return id, nil
		}
	}
	return "", err
}
