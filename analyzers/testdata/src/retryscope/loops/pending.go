package loops

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"net/http"
	"time"
)

// N1: polls whose "failure" means "not yet".

func lockHeld(ctx context.Context, db *sql.DB, id int64) error {
	var n int
	if err := db.QueryRowContext(ctx, "select count(*) from locks where id = ?", id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return errors.New("not held yet")
	}
	return nil
}

// A bounded wait whose success logs and breaks: running out is not a failure.
func waitLockLogged(ctx context.Context, db *sql.DB, id int64) {
	for i := 1; i <= 100; i++ {
		if err := lockHeld(ctx, db, id); err == nil {
			log.Print("lock is held")
			break
		} else {
			time.Sleep(10 * time.Millisecond)
		}
	}
	log.Print("going on")
}

// Look-alike: success records something the code after the loop reads.
func waitLockFlagged(ctx context.Context, db *sql.DB, id int64) bool {
	held := false
	for i := 1; i <= 100; i++ { // want `retry loop classified=false bounded=true max=100 wait=sleep/const ctx=ctx`
		if err := lockHeld(ctx, db, id); err == nil {
			held = true
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return held
}

type grantError struct{ Code string }

func (e *grantError) Error() string { return e.Code }

var errAuthorizationPending = errors.New("authorization pending")

func exchangeGrant(ctx context.Context, c *http.Client, code string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://auth.example/token?code="+code, nil)
	if err != nil {
		return "", err
	}
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return resp.Header.Get("X-Token"), nil
}

// A "pending" answer goes round at the server's interval, every other error
// returns: a poll for the user's approval, not a retry.
func awaitGrant(ctx context.Context, c *http.Client, code string, every time.Duration) (string, error) {
	for {
		tok, err := exchangeGrant(ctx, c, code)
		if err == nil {
			return tok, nil
		}
		var ge *grantError
		if !errors.As(err, &ge) || ge.Code != "authorization_pending" {
			return "", err
		}
		select {
		case <-time.After(every):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// The same with a sentinel.
func awaitGrantSentinel(ctx context.Context, c *http.Client, code string) (string, error) {
	for {
		tok, err := exchangeGrant(ctx, c, code)
		if err == nil {
			return tok, nil
		}
		if !errors.Is(err, errAuthorizationPending) {
			return "", err
		}
		time.Sleep(5 * time.Second)
	}
}

var errThrottled = errors.New("throttled")

// Look-alike: a throttled request retried at a fixed pace is a retry.
func getThrottled(ctx context.Context, c *http.Client, code string) (string, error) {
	for { // want `retry loop classified=true bounded=false wait=sleep/const`
		tok, err := exchangeGrant(ctx, c, code)
		if err == nil {
			return tok, nil
		}
		if !errors.Is(err, errThrottled) {
			return "", err
		}
		time.Sleep(5 * time.Second)
	}
}

// Look-alike: "pending" named, but every error goes round.
func awaitAnything(ctx context.Context, c *http.Client, code string) string {
	for { // want `retry loop classified=false bounded=false wait=sleep/const`
		tok, err := exchangeGrant(ctx, c, code)
		if err == nil {
			return tok
		}
		log.Printf("authorization_pending or not: %v", err)
		time.Sleep(5 * time.Second)
	}
}
