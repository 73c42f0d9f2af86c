// Package pace holds constant waits of code that may have many callers, which
// fixedsleep reports, and of a component's loop its owner stops, which paces
// one caller and keeps no herd in step (retryscope.Region.PacesOneProcess).
package pace

import (
	"context"
	"database/sql"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

// db stands for a database: a statement it may refuse for good is the attempt
// of these retries.
var db *sql.DB

func reach()                        { db.Exec("UPDATE jobs SET state = 'done'") }
func send() error                   { reach(); return nil }
func sendCtx(context.Context) error { reach(); return nil }

type conn struct {
	done chan struct{}
	ctx  context.Context
}

// GOOD: the component's reconnect loop, until the component closes.
func (c *conn) reconnect() {
	for {
		if err := send(); err == nil {
			return
		}
		select {
		case <-c.done:
			return
		case <-time.After(time.Second):
		}
	}
}

// BAD: the same loop stopped by a context the caller hands in: one loop per
// call, and the calls may be many.
func reconnectUntil(ctx context.Context) error {
	for { // want `retry loop waits the same time.Second before every attempt`
		if err := sendCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// BAD: the owner's stop signal, but also a cap: a retry of one operation,
// not the component's lifetime loop.
func (c *conn) reconnectFewTimes() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = send(); err == nil {
			return nil
		}
		select {
		case <-c.done:
			return nil
		case <-time.After(time.Second):
		}
	}
	return err
}

// GOOD: a helper that retries until the owner's context ends.
func (c *conn) redeliver() error {
	return backoff.Retry(send, backoff.WithContext(backoff.NewConstantBackOff(time.Second), c.ctx))
}

// BAD: the same helper stopped by the caller's context.
func redeliverUntil(ctx context.Context) error {
	return backoff.Retry(send, backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx)) // want `backoff.Retry waits the same delay before every attempt`
}

// BAD: a library's join, as the command packages have it.
func join() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
