package fixedsleep

import (
	"errors"
	"sync/atomic"
)

// A loop that runs as many rounds as there are hosts, counted through a local
// set once to len(hosts), and dials a host picked inside the loop at an index
// that moves on (here a round-robin counter) tries each host about once: a
// failover, which moves on at once by design.

type rrClient struct {
	hosts []string
	next  uint32
}

var errNoHost = errors.New("no host answered")

func (c *rrClient) sendRoundRobin() error {
	n := len(c.hosts)
	for i := 0; i < n; i++ {
		host := c.hosts[atomic.AddUint32(&c.next, 1)%uint32(n)]
		if err := dial(host); err == nil {
			return nil
		}
	}
	return errNoHost
}

// A package-level index that a function of the package moves on: any call
// may set it, so it may pick another host on each round.
var (
	pkgHosts   []string
	pkgCurrent int
)

func rotate() { pkgCurrent = (pkgCurrent + 1) % len(pkgHosts) }

func sendGlobal() error {
	for tried := 0; tried < len(pkgHosts); tried++ {
		if err := dial(pkgHosts[pkgCurrent]); err == nil {
			return nil
		}
		rotate()
	}
	return errNoHost
}

// Look-alike, reported: the host is picked once, before the loop.
func (c *rrClient) sendPicked() error {
	n := len(c.hosts)
	host := c.hosts[atomic.AddUint32(&c.next, 1)%uint32(n)]
	for i := 0; i < n; i++ { // want `retry loop tries again at once after a failure`
		if err := dial(host); err == nil {
			return nil
		}
	}
	return errNoHost
}

// Look-alike, reported: a count that is no length, the first host each time.
func (c *rrClient) sendThrice() error {
	n := 8
	for i := 0; i < n; i++ { // want `retry loop tries again at once after a failure`
		if err := dial(c.hosts[0]); err == nil {
			return nil
		}
	}
	return errNoHost
}

// Look-alike, reported: the index was chosen before the loop.
func (c *rrClient) sendChosen(k int) error {
	for tried := 0; tried < len(c.hosts); tried++ { // want `retry loop tries again at once after a failure`
		if err := dial(c.hosts[k]); err == nil {
			return nil
		}
	}
	return errNoHost
}
