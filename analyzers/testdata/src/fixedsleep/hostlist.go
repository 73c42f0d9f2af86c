package fixedsleep

import "errors"

// A loop that counts its failures up to the length of a list of hosts and
// sends each attempt to an element of that list tries every host once: a
// failover, whatever moves the index on (here a method that advances a field).
// It moves on at once by design.

type hostClient struct {
	hosts   []string
	current int
}

func (c *hostClient) next() { c.current = (c.current + 1) % len(c.hosts) }

func (c *hostClient) sendAny() error {
	tried := 0
	for tried < len(c.hosts) {
		host := c.hosts[c.current]
		if err := dial(host); err == nil {
			return nil
		}
		tried++
		c.next()
	}
	return errors.New("no host answered")
}

// Look-alike, reported: the list only sets the number of attempts; every
// attempt goes to the same host.
func (c *hostClient) sendFirst() error {
	for tried := 0; tried < len(c.hosts); tried++ { // want `retry loop tries again at once after a failure`
		if err := dial(c.hosts[0]); err == nil {
			return nil
		}
	}
	return errors.New("no answer")
}
