// Package pace holds backoffs without jitter of code that may have many
// callers, which nojitter reports, and of a component's loop its owner stops,
// which paces one caller: nobody retries together with it
// (retryscope.Region.PacesOneProcess).
package pace

import (
	"context"
	"net"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

const base = 100 * time.Millisecond

func reach()                        { net.Dial("tcp", "service.internal:80") }
func dial() error                   { reach(); return nil }
func dialCtx(context.Context) error { reach(); return nil }

type conn struct {
	done chan struct{}
	ctx  context.Context
}

// GOOD: the component's reconnect loop, until the component closes.
func (c *conn) reconnect() {
	for attempt := 0; ; attempt++ {
		if err := dial(); err == nil {
			return
		}
		select {
		case <-c.done:
			return
		case <-time.After(base << attempt):
		}
	}
}

// BAD: the same loop stopped by a context the caller hands in.
func reconnectUntil(ctx context.Context) error {
	for attempt := 0; ; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if err := dialCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(base << attempt):
		}
	}
}

// GOOD: a helper that retries until the owner's context ends.
func (c *conn) redeliver() error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0
	b.MaxElapsedTime = 0
	return backoff.Retry(dial, backoff.WithContext(b, c.ctx))
}

// BAD: the same helper stopped by the caller's context.
func redeliverUntil(ctx context.Context) error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0
	b.MaxElapsedTime = 0
	return backoff.Retry(dial, backoff.WithContext(b, ctx)) // want `RandomizationFactor 0 turns the jitter off`
}

// BAD: a library's join, as the command packages have it.
func join() error {
	var err error
	for attempt := 0; attempt < 8; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if err = dial(); err == nil {
			return nil
		}
		time.Sleep(base << attempt)
	}
	return err
}
