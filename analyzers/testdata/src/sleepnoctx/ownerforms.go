package sleepnoctx

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"
)

// A check made after the wait, with no jump between, comes before the next
// wait as well: a cancellation goes unnoticed for one wait at most. The
// owner's stop signal (the condition that is the region's owner stop, a state
// compared with a constant named for stopping) counts as such a check.

type linkState int

const (
	linkUp linkState = iota
	linkClosed
)

type link struct {
	sync.Mutex
	state linkState
}

func (k *link) dial() error {
	c, err := net.Dial("tcp", "peer.example:7000")
	if err != nil {
		return err
	}
	return c.Close()
}

// GOOD: the owner's state checked after each wait.
func (k *link) redial() {
	for {
		if err := k.dial(); err == nil {
			return
		}
		time.Sleep(time.Second)
		k.Lock()
		if k.state == linkClosed {
			k.Unlock()
			return
		}
		k.Unlock()
	}
}

// GOOD: the context checked after each wait, through the if's init.
func checkedAfterWait(ctx context.Context) error {
	for {
		if err := send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}

// GOOD: a cancellation asked with errors.Is before the wait.
func checkedCanceled(ctx context.Context) error {
	for {
		if err := send(ctx); err == nil {
			return nil
		}
		if errors.Is(ctx.Err(), context.Canceled) {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

// BAD: a continue between the wait and the check skips the check.
func (k *link) redialSkipping(fast bool) {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if err := k.dial(); err == nil {
			return
		}
		time.Sleep(time.Second)
		if fast {
			continue
		}
		if k.state == linkClosed {
			return
		}
	}
}

// BAD: a state compared with a constant that says nothing of a stop.
func (k *link) redialUntilUp() {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if err := k.dial(); err == nil {
			return
		}
		time.Sleep(time.Second)
		if k.state == linkUp {
			return
		}
	}
}
