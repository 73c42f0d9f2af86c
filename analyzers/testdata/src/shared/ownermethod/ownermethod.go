// Package ownermethod is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall
package ownermethod

import (
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"time"
)

// A component's loops often read its stop through a small method of its own
// (isStopped, IsAvailable) instead of the field. A method of the package,
// called on the loop's owner, whose body only reads its receiver's stop flag,
// state or stop channel (under a mutex or not) is the owner's stop, as the
// field read inline is: such loops work for their owner's lifetime and are
// not reported. The same method called on a parameter, or a method that does
// more than read a stop, is no owner's stop.

var db *sql.DB

// dial registers with another system: its failures are worth classifying
// and bounding.
func dial() error {
	_, err := db.Exec("UPDATE members SET seen = now()")
	return err
}

type client struct {
	closed    int32
	mu        sync.Mutex
	shutdown  bool
	connected bool
	done      chan struct{}
}

func (c *client) isStopped() bool { return atomic.LoadInt32(&c.closed) != 0 }

func (c *client) isShutdown() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.shutdown
}

func (c *client) Done() chan struct{} { return c.done }

func (c *client) available() bool {
	select {
	case <-c.Done():
		return false
	default:
		return true
	}
}

var errClosed = errors.New("closed")

func (c *client) pause() error {
	t := time.NewTimer(3 * time.Second)
	defer t.Stop()
	select {
	case <-c.done:
		return errClosed
	case <-t.C:
		return nil
	}
}

// Quiet: an atomic closed flag read through a method.
func (c *client) reconnect() bool {
	for {
		if c.isStopped() {
			return true
		}
		if err := dial(); err == nil {
			return false
		}
		time.Sleep(time.Second)
	}
}

// Quiet: a flag read under the owner's mutex.
func (c *client) redial() {
	for !c.isShutdown() {
		if err := dial(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Quiet: availability is a select on the owner's stop channel with a
// default, and the pause returns when the owner stops.
func (c *client) subscribe() error {
	for {
		if !c.available() {
			return errClosed
		}
		if err := dial(); err == nil {
			return nil
		}
		if err := c.pause(); err != nil {
			return err
		}
	}
}

// Look-alike: the same method on a parameter; its stop is another object's.
func (c *client) follow(o *client) {
	for { // reports: retryall
		if o.isStopped() {
			return
		}
		if err := dial(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (c *client) isConnected() bool { return c.connected }

func (c *client) pingFailed() bool { return c.closed != 0 && dial() != nil }

// Look-alike: a flag not named for stopping.
func (c *client) ensure() {
	for { // reports: retryall
		if c.isConnected() {
			return
		}
		if err := dial(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the method does I/O, it is no read of a stop.
func (c *client) probe() {
	for { // reports: retryall
		if c.pingFailed() {
			return
		}
		if err := dial(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
