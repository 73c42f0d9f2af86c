package unboundedretry

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Two more forms of an owner's stop signal (retryscope owner_forms.go): the
// error of the owner's context kept in a variable first, and an enum-like
// state of the owner compared with a constant named for stopping.

type deliveryState int

const (
	idle deliveryState = iota
	running
	stopped
)

// A phase is a state by name.
type phase string

const (
	phaseRunning phase = "running"
	phaseStopped phase = "stopped"
)

type delivery struct {
	sync.Mutex
	ctx   context.Context
	state deliveryState
	phase phase
}

var errStopped = errors.New("stopped")

func (d *delivery) check() error { reach(); return nil }

// GOOD: the owner's context error read in the if's init.
func (d *delivery) ack() error {
	for {
		if err := dialOnce(); err == nil {
			return nil
		}
		if err := d.ctx.Err(); err != nil {
			return errStopped
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the same error assigned just before the if.
func (d *delivery) ackAssigned() error {
	for {
		err := dialOnce()
		if err == nil {
			return nil
		}
		err = d.ctx.Err()
		if errors.Is(err, context.Canceled) {
			return errStopped
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the context is a parameter, the caller's: the caller's bound.
func (d *delivery) ackCtx(ctx context.Context) error {
	for {
		if err := dialOnce(); err == nil {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return errStopped
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a shadowed err that is no context's error.
func (d *delivery) ackChecked() error {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := dialOnce(); err == nil {
			return nil
		}
		if err := d.check(); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the context's error assigned earlier, then overwritten before
// the check.
func (d *delivery) ackOverwritten() error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := d.ctx.Err()
		err = dialOnce()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

// GOOD: the owner's state compared with a constant named for stopping.
func (d *delivery) probe() {
	for {
		if err := dialOnce(); err == nil {
			return
		}
		time.Sleep(time.Second)
		d.Lock()
		if d.state == stopped {
			d.Unlock()
			return
		}
		d.Unlock()
	}
}

// Look-alike: a state compared with a constant that says nothing of a stop.
func (d *delivery) probeIdle() {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := dialOnce(); err == nil {
			return
		}
		time.Sleep(time.Second)
		d.Lock()
		if d.state == idle {
			d.Unlock()
			return
		}
		d.Unlock()
	}
}

// Look-alike: a state the loop sets itself is its own, no signal. (An
// integer state the loop sets is taken for a count: a limit, not this.)
func (d *delivery) probeOwnState() {
	for { // want `retry loop has no attempt limit and no deadline`
		d.phase = phaseRunning
		if err := dialOnce(); err == nil {
			return
		}
		if d.phase == phaseStopped {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the state of a struct handed in as a parameter is the caller's.
func probeOf(d *delivery) {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := dialOnce(); err == nil {
			return
		}
		if d.state == stopped {
			return
		}
		time.Sleep(time.Second)
	}
}
