package retryall

import (
	"sync/atomic"
	"time"
)

// Shape 2: a loop that runs as many rounds as there are clients, its count a
// local set once to len(clients), and that picks each round's client inside
// the loop at an index that moves on (the counter, a round-robin counter, a
// next-index helper) tries each client about once: a failover.

type balanced struct {
	clients []pinger
	next    uint64
	start   int
}

// GOOD: a round-robin counter picks the next client on each round.
func (b *balanced) pingRoundRobin() error {
	n := len(b.clients)
	for i := 0; i < n; i++ {
		idx := atomic.AddUint64(&b.next, 1) % uint64(n)
		c := b.clients[idx]
		if _, err := c.Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

// GOOD: a helper of the package hands out the next index.
func (b *balanced) pingNextIndex() error {
	n := len(b.clients)
	for i := 0; i < n; i++ {
		if _, err := b.clients[b.nextIndex()].Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

func (b *balanced) nextIndex() int {
	b.next++
	return int(b.next % uint64(len(b.clients)))
}

// GOOD: a range over the local count, round-robin.
func (b *balanced) pingRange() error {
	n := len(b.clients)
	for range n {
		if _, err := b.clients[atomic.AddUint64(&b.next, 1)%uint64(n)].Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

// GOOD: the counter from a start index, through the local count.
func (b *balanced) pingFrom(start int) error {
	n := len(b.clients)
	for i := 0; i < n; i++ {
		k := (start + i) % n
		if _, err := b.clients[k].Ping(); err == nil {
			return nil
		}
	}
	return errNoClient
}

// Look-alike: the client is picked once, before the loop: the same one on
// every round.
func (b *balanced) pingPicked() error {
	n := len(b.clients)
	c := b.clients[atomic.AddUint64(&b.next, 1)%uint64(n)]
	for i := 0; i < n; i++ { // want `retry loop retries every error alike`
		if _, err := c.Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// Look-alike: the index is computed before the loop.
func (b *balanced) pingFixedIndex() error {
	n := len(b.clients)
	k := int(atomic.AddUint64(&b.next, 1) % uint64(n))
	for i := 0; i < n; i++ { // want `retry loop retries every error alike`
		if _, err := b.clients[k].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// Look-alike: a count that is no length, the first client every round.
func (b *balanced) pingFirst() error {
	n := 20
	for i := 0; i < n; i++ { // want `retry loop retries every error alike`
		if _, err := b.clients[0].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// Look-alike: an index computed in the loop from values that do not change
// between rounds (a parameter, a local count).
func (b *balanced) pingStart(start int) error {
	n := len(b.clients)
	for i := 0; i < n; i++ { // want `retry loop retries every error alike`
		k := start % n
		if _, err := b.clients[k].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// Look-alike: the length bounds the loop directly, but the index is a field
// that nothing in the loop changes.
func (b *balanced) pingStartField() error {
	for i := 0; i < len(b.clients); i++ { // want `retry loop retries every error alike`
		if _, err := b.clients[b.start].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}

// Look-alike: the count is set to the length and then set again.
func (b *balanced) pingCapped(limit int) error {
	n := len(b.clients)
	n = min(n, limit)
	k := b.start
	for i := 0; i < n; i++ { // want `retry loop retries every error alike`
		if _, err := b.clients[k].Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNoClient
}
