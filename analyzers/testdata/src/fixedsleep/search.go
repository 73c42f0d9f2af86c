package fixedsleep

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/hex"
	"log"
	"net/http"

	"github.com/google/uuid"
)

// Issue 12 shape 2: a loop that inserts a fresh random candidate each round
// is a search for a free one, and goes on to the next at once by design.
// Attempts that ask for the same thing again stay retries.

type txRunner struct{}

// do runs op in a transaction of db.
func (txRunner) do(db *sql.DB, op func(tx *sql.Tx) error) error {
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

func insertSession(ctx context.Context, tx *sql.Tx, id, user string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO sessions (id, user) VALUES ($1, $2)", id, user)
	return err
}

// ---- still retries ----

// The same ID inserted again five times at once.
func sameSessionID(ctx context.Context, w txRunner, db *sql.DB, id, user string) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		err = w.do(db, func(tx *sql.Tx) error { return insertSession(ctx, tx, id, user) })
		if err == nil {
			return nil
		}
	}
	return err
}

// A request ID only sent as a header: the same request again at once.
func sameRequestHeaderID(c *http.Client, url string) (*http.Response, error) {
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("X-Request-Id", uuid.NewString())
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp, nil
		}
	}
	return nil, errTransient
}

// A trace ID the transaction body only logs: the same row again at once.
func sameSessionLoggedTrace(ctx context.Context, w txRunner, db *sql.DB, id, user string) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		trace := uuid.NewString()
		err = w.do(db, func(tx *sql.Tx) error {
			log.Printf("trace %s: inserting %s", trace, id)
			return insertSession(ctx, tx, id, user)
		})
		if err == nil {
			return nil
		}
	}
	return err
}

// ---- look-alikes: searches ----

func newSessionID() (string, error) {
	b := make([]byte, 6)
	if _, err := crand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// A fresh random ID each round from a helper of the package, inserted by the
// transaction body: a collision is resolved by the next candidate, at once.
func randomSessionID(ctx context.Context, w txRunner, db *sql.DB, user string) (string, error) {
	var id string
	var err error
	for i := 0; i < 5; i++ {
		id, err = newSessionID()
		if err != nil {
			return "", err
		}
		err = w.do(db, func(tx *sql.Tx) error { return insertSession(ctx, tx, id, user) })
		if err == nil {
			return id, nil
		}
	}
	return "", err
}

// Fresh bytes from crypto/rand each round.
func randomBufferSessionID(ctx context.Context, db *sql.DB, user string) (string, error) {
	for i := 0; i < 5; i++ {
		b := make([]byte, 8)
		if _, err := crand.Read(b); err != nil {
			return "", err
		}
		id := hex.EncodeToString(b)
		if _, err := db.ExecContext(ctx, "INSERT INTO sessions (id, user) VALUES ($1, $2)", id, user); err == nil {
			return id, nil
		}
	}
	return "", errTransient
}

// A uuid each round handed to the transaction body's insert.
func uuidSessionID(ctx context.Context, w txRunner, db *sql.DB, user string) (string, error) {
	var err error
	for i := 0; i < 5; i++ {
		id := uuid.NewString()
		if err = w.do(db, func(tx *sql.Tx) error { return insertSession(ctx, tx, id, user) }); err == nil {
			return id, nil
		}
	}
	return "", err
}
