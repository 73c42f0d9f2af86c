package retryall

import (
	"context"
	"errors"
	"time"
)

// Shape 2/4: a failover whose target is picked by an index computed from the
// counter tries each client once, starting at the last good one.

type pinger interface {
	Ping() (string, error)
	Send(ctx context.Context, attempt int) error
}

type pool struct {
	clients []pinger
	current int
}

var errNoClient = errors.New("no client available")

// GOOD: the modular index moves to the next client on every round.
func (c *pool) pick() (pinger, error) {
	for i := range len(c.clients) {
		idx := (c.current + i) % len(c.clients)
		if _, err := c.clients[idx].Ping(); err == nil {
			c.current = idx
			return c.clients[idx], nil
		}
	}
	return nil, errNoClient
}

// GOOD: an offset index in the attempt itself.
func (c *pool) pickOffset(start int) error {
	for i := range 3 {
		if _, err := c.clients[start+i].Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

// GOOD: a local index from the counter, the element taken into a variable.
func (c *pool) pickLocal() error {
	for i := range len(c.clients) {
		next := len(c.clients) - 1 - i
		cl := c.clients[next]
		if _, err := cl.Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

// GOOD: a counted loop with a modular index.
func (c *pool) pickCounted() error {
	for i := 0; i < len(c.clients); i++ {
		if _, err := c.clients[(c.current+i)%len(c.clients)].Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

// Look-alike: the counter is the attempt number, the target the same.
func (c *pool) sendNumbered(ctx context.Context) error {
	for i := range 20 { // want `retry loop retries every error alike`
		if err := c.clients[0].Send(ctx, i); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// Look-alike: an index that does not change with the counter.
func (c *pool) pingCurrent() error {
	for range 20 { // want `retry loop retries every error alike`
		if _, err := c.clients[c.current].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// Modulo one is always the first client, but the engine does not do the
// arithmetic: an index moved by the counter is another client (loop_varies.go).
func (c *pool) pingModOne() error {
	for i := range 6 {
		idx := (c.current + i) % 1
		if _, err := c.clients[idx].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// The same, in a counted loop: quiet.
func (c *pool) pingModOneCounted() error {
	for i := 0; i < 6; i++ {
		if _, err := c.clients[i%1].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}
