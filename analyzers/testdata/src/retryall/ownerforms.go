package retryall

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Two more forms of an owner's stop signal (retryscope owner_forms.go): the
// error of the owner's context kept in a variable first, and an enum-like
// state of the owner compared with a constant named for stopping.

type senderState int

const (
	senderIdle senderState = iota
	senderActive
	senderStopped
)

type sendPhase string

const (
	phaseSending  sendPhase = "sending"
	phaseShutdown sendPhase = "shutdown"
)

type sender struct {
	sync.Mutex
	ctx   context.Context
	state senderState
	phase sendPhase
}

var errSenderStopped = errors.New("sender stopped")

func (s *sender) send() error  { reach(); return nil }
func (s *sender) check() error { reach(); return nil }

// GOOD: the owner's context error read in the if's init.
func (s *sender) deliver() error {
	for {
		if err := s.send(); err == nil {
			return nil
		}
		if err := s.ctx.Err(); err != nil {
			return errSenderStopped
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the context is a parameter, the caller's.
func (s *sender) deliverCtx(ctx context.Context) error {
	for { // want `retry loop retries every error alike`
		if err := s.send(); err == nil {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return errSenderStopped
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a shadowed err that is no context's error.
func (s *sender) deliverChecked() error {
	for { // want `retry loop retries every error alike`
		if err := s.send(); err == nil {
			return nil
		}
		if err := s.check(); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the owner's state compared with a constant named for stopping.
func (s *sender) deliverUntilStopped() {
	for {
		if err := s.send(); err == nil {
			return
		}
		time.Sleep(time.Second)
		s.Lock()
		if s.state == senderStopped {
			s.Unlock()
			return
		}
		s.Unlock()
	}
}

// Look-alike: a state compared with a constant that says nothing of a stop.
func (s *sender) deliverUntilIdle() {
	for { // want `retry loop retries every error alike`
		if err := s.send(); err == nil {
			return
		}
		time.Sleep(time.Second)
		s.Lock()
		if s.state == senderIdle {
			s.Unlock()
			return
		}
		s.Unlock()
	}
}

// Look-alike: a state the loop sets itself is its own, no signal.
func (s *sender) deliverOwnPhase() {
	for { // want `retry loop retries every error alike`
		s.phase = phaseSending
		if err := s.send(); err == nil {
			return
		}
		if s.phase == phaseShutdown {
			return
		}
		time.Sleep(time.Second)
	}
}
