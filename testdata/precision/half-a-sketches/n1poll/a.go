package n1poll

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var errNotYet = errors.New("not there yet")

func peerIsWaiting(db *sql.DB, id int64) error {
	var n int
	if err := db.QueryRow("select count(*) from locks where id = ?", id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return errNotYet
	}
	return nil
}

// FP: poll whose exhaustion is not a failure.
func waitForPeer(db *sql.DB, id int64) {
	for i := 0; i < 100; i++ {
		if err := peerIsWaiting(db, id); err == nil {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
}

type TokenError struct{ Code string }

func (e *TokenError) Error() string { return e.Code }

func exchange(ctx context.Context, c *sql.DB, code string) (string, error) {
	var tok string
	err := c.QueryRowContext(ctx, "select tok from grants where code = ?", code).Scan(&tok)
	return tok, err
}

// FP: device-code style poll, server-given interval, "pending" continues, all else returns.
func awaitToken(ctx context.Context, c *sql.DB, code string, interval time.Duration) (string, error) {
	for {
		tok, err := exchange(ctx, c, code)
		if err == nil {
			return tok, nil
		}
		var te *TokenError
		if !errors.As(err, &te) || te.Code != "authorization_pending" {
			return "", err
		}
		select {
		case <-time.After(interval):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// Must stay reported: a real failure retried at a fixed pace and returned.
func write(db *sql.DB, q string) error {
	var err error
	for i := 0; i < 100; i++ {
		if _, err = db.Exec(q); err == nil {
			return nil
		}
		time.Sleep(30 * time.Millisecond)
	}
	return err
}
