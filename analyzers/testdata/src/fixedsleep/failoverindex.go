package fixedsleep

import "errors"

// A failover whose target is picked by an index computed from the counter
// moves on to the next client at once by design.

type pinger interface{ Ping() (string, error) }

type pool struct {
	clients []pinger
	current int
}

var errNoClient = errors.New("no client available")

// GOOD: each client once, starting at the last good one.
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

// Look-alike: the same client every round, at once.
func (c *pool) pingCurrent() error {
	for range 8 { // want `retry loop tries again at once after a failure`
		if _, err := c.clients[c.current].Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

// Modulo one is always the first client, but the engine does not do the
// arithmetic: an index moved by the counter is another client (loop_varies.go).
func (c *pool) pingModOne() error {
	for i := range 8 {
		if _, err := c.clients[(c.current+i)%1].Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}
