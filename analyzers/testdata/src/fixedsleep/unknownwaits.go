package fixedsleep

import (
	"context"
	"database/sql"
	"net/http"
)

// Shape 3: "tries again at once" needs every call on the way back to be known
// not to wait. A backoff strategy called through a func value, a limiter's or
// a backoff's method behind an interface may wait.

// GOOD: the strategy comes from elsewhere and is called with the attempt.
func getStrategy(c *http.Client, url string, wait func(int)) (*http.Response, error) {
	var err error
	for n := 0; n < 5; n++ {
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp, nil
		}
		wait(n)
	}
	return nil, err
}

type limiter interface {
	Wait(ctx context.Context) error
}

// GOOD: a rate limiter's Wait paces the attempts.
func execLimited(ctx context.Context, db *sql.DB, lim limiter, q string) error {
	var err error
	for n := 0; n < 5; n++ {
		if err = lim.Wait(ctx); err != nil {
			return err
		}
		if _, err = db.ExecContext(ctx, q); err == nil {
			return nil
		}
	}
	return err
}

type sleeper interface{ Sleep() }

// GOOD: a backoff object's Sleep waits.
func pingBackoff(ctx context.Context, db *sql.DB, b sleeper) error {
	var err error
	for n := 0; n < 5; n++ {
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
		b.Sleep()
	}
	return err
}

type meter interface{ Inc() }

// Look-alike: a counter's Inc does not wait: the loop tries again at once.
func pingCounted(ctx context.Context, db *sql.DB, m meter) error {
	var err error
	for n := 0; n < 8; n++ { // want `retry loop tries again at once after a failure`
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
		m.Inc()
	}
	return err
}
