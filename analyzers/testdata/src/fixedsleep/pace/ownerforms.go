package pace

import (
	"context"
	"errors"
	"sync"
	"time"
)

// The owner's stop read through a variable set from its context's error, or
// through a state compared with a constant named for stopping, makes the
// same owner's loop (retryscope owner_forms.go).

type probeState int

const (
	probeIdle probeState = iota
	probeStop
)

type prober struct {
	sync.Mutex
	ctx   context.Context
	state probeState
}

var errProberStopped = errors.New("prober stopped")

// GOOD: the owner's context error read in the if's init.
func (p *prober) ack() error {
	for {
		if err := send(); err == nil {
			return nil
		}
		if err := p.ctx.Err(); err != nil {
			return errProberStopped
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the owner's state, checked after each wait.
func (p *prober) probe() {
	for {
		if err := send(); err == nil {
			return
		}
		time.Sleep(time.Second)
		p.Lock()
		if p.state == probeStop {
			p.Unlock()
			return
		}
		p.Unlock()
	}
}

// BAD: the same check on the caller's context: one loop per call.
func ackFor(ctx context.Context) error {
	for { // want `retry loop waits the same time.Second before every attempt`
		if err := sendCtx(ctx); err == nil {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return errProberStopped
		}
		time.Sleep(time.Second)
	}
}

// BAD: a state compared with a constant that says nothing of a stop.
func (p *prober) probeUntilIdle() {
	for { // want `retry loop waits the same time.Second before every attempt`
		if err := send(); err == nil {
			return
		}
		time.Sleep(time.Second)
		if p.state == probeIdle {
			return
		}
	}
}
