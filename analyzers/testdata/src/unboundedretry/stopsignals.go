package unboundedretry

import (
	"context"
	"database/sql"
	"net"
	"net/http"
	"time"
)

// Shape 3: "no attempt limit and no deadline" needs a loop with no exit driven
// by a stop signal. Each GOOD loop below has one; the look-alikes do not.

// GOOD: a timer channel in the select that leaves the loop is a deadline.
func dialUntil(addr string, limit time.Duration) (net.Conn, error) {
	deadline := time.After(limit)
	for {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		select {
		case <-deadline:
			return nil, err
		case <-time.After(time.Second):
		}
	}
}

type backoffPolicy interface {
	Next() (time.Duration, bool)
}

// GOOD: the policy's boolean verdict ends the loop.
func getWithPolicy(c *http.Client, url string, pol backoffPolicy) (*http.Response, error) {
	for {
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		d, retry := pol.Next()
		if !retry {
			return nil, err
		}
		time.Sleep(d)
	}
}

type judge interface {
	ShouldRetry(tries int, err error) bool
}

// GOOD: a predicate of the tries and the error decides.
func execJudged(ctx context.Context, db *sql.DB, q string, j judge) error {
	for tries := 1; ; tries++ {
		_, err := db.ExecContext(ctx, q)
		if err == nil {
			return nil
		}
		if !j.ShouldRetry(tries, err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Stop is the sentinel a backoff returns when it gives up.
const Stop time.Duration = -1

type stepper interface{ NextBackOff() time.Duration }

// GOOD: the backoff's sentinel ends the loop.
func pingStepped(ctx context.Context, db *sql.DB, b stepper) error {
	for {
		err := db.PingContext(ctx)
		if err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == Stop {
			return err
		}
		time.Sleep(d)
	}
}

// GOOD: a flag set on the first failure ends the loop on the second.
func dialTwice(addr string) (net.Conn, error) {
	retried := false
	for {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		if retried {
			return nil, err
		}
		retried = true
		time.Sleep(time.Second)
	}
}

// Look-alike: a ticker that only paces the loop does not end it.
func dialTicking(addr string) net.Conn {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for { // want `retry loop has no attempt limit and no deadline`
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn
		}
		<-tick.C
	}
}

// Look-alike: the policy's duration alone says nothing about stopping.
func getPaced(c *http.Client, url string, b stepper) *http.Response {
	for { // want `retry loop has no attempt limit and no deadline`
		resp, err := c.Get(url)
		if err == nil {
			return resp
		}
		time.Sleep(b.NextBackOff())
	}
}
