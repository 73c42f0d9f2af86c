package retryall

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"net/http"
	"time"
)

// Shape 6: a readiness wait whose attempt only probes connectivity, bounded by
// an elapsed-time limit, asks "reachable yet?": every error means "not yet".

// GOOD: a database ping until it answers, for at most a minute.
func waitForDB(ctx context.Context, db *sql.DB) error {
	start := time.Now()
	for {
		err := db.PingContext(ctx)
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(time.Second)
	}
}

// GOOD: a dial until the port accepts, within a deadline.
func waitForPort(addr string) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			return nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return errors.New("port never opened")
}

type healthChecker interface {
	HealthCheck(ctx context.Context) error
}

// GOOD: a health check under a context with a timeout.
func waitHealthy(hc healthChecker) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		if err := hc.HealthCheck(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: a probe with no time limit is still reported.
func waitForDBForever(ctx context.Context, db *sql.DB) {
	for { // want `retry loop retries every error alike`
		if err := db.PingContext(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a request that does work, under a time limit, is a retry.
func postWithin(c *http.Client, url string) error {
	start := time.Now()
	for { // want `retry loop retries every error alike`
		resp, err := c.Post(url, "text/plain", nil)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 300 {
				return nil
			}
			err = errors.New(resp.Status)
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(time.Second)
	}
}

type readyWaiter struct {
	ready func(ctx context.Context) error
	apply func(ctx context.Context) error
}

// GOOD: a loop through a func value named for a probe, under a deadline.
func (w *readyWaiter) waitLoop(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		if err := w.ready(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: the same loop through a func value that does work.
func (w *readyWaiter) applyLoop(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for { // want `retry loop retries every error alike`
		if err := w.apply(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
