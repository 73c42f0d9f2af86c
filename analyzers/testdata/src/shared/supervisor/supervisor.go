// Package supervisor is a shared fixture: a loop that cancellation stops and
// that waits a growing, capped time between attempts re-creates a session
// for its owner for the owner's lifetime (retryscope.Result.Supervises).
//
// rules: retryall unboundedretry
package supervisor

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"time"
)

const (
	firstWait = 50 * time.Millisecond
	maxWait   = 10 * time.Second
)

var errClosed = errors.New("session closed")

type session struct {
	db    *sql.DB
	topic string
}

// open subscribes to the topic: a write the dependency may refuse for good.
func (s *session) open() error {
	_, err := s.db.Exec("INSERT INTO subscribers (topic) VALUES ($1)", s.topic)
	return err
}

// A fixed wait is no supervisor's pace: retryall reports (the function could
// return a permanent failure); unboundedretry leaves the caller's context to
// the caller.
func (s *session) fixedWait(ctx context.Context) error {
	for { // reports: retryall
		err := s.open()
		if err == nil {
			return nil
		}
		log.Printf("open: %v", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// A wait that grows without a cap ends up waiting for ever: no supervisor's
// pace either, as above.
func (s *session) growingUncapped(ctx context.Context) error {
	d := firstWait
	for { // reports: retryall
		err := s.open()
		if err == nil {
			return nil
		}
		log.Printf("open: %v", err)
		d *= 2
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
}

// A capped growing wait that nothing stops: reported.
func (s *session) cappedNoStop() {
	d := firstWait
	for { // reports: retryall unboundedretry
		err := s.open()
		if err == nil {
			return
		}
		log.Printf("open: %v", err)
		d = min(d*2, maxWait)
		time.Sleep(d)
	}
}

// Re-subscribing with a capped doubling wait until the context ends.
func (s *session) resubscribe(ctx context.Context) {
	d := firstWait
	for {
		err := s.open()
		if err == nil {
			return
		}
		log.Printf("open: %v", err)
		d = min(d*2, maxWait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(d):
		}
	}
}

// nextWait doubles the wait from the n-th failure on, up to maxWait.
func nextWait(d time.Duration, n int) time.Duration {
	if d >= maxWait {
		return maxWait
	}
	return min(firstWait*time.Duration(1<<n), maxWait)
}

// Re-creating through a helper of the package that caps the wait, after a
// check of the context at the top.
func (s *session) recreate(ctx context.Context) error {
	var d time.Duration
	n := 0
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if err := s.open(); err != nil {
			log.Printf("open: %v", err)
			n++
			d = nextWait(d, n)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(d):
				continue
			}
		}
		return nil
	}
}

// A loop that tests the context, with a reset of the wait after a long run.
func (s *session) whileLive(ctx context.Context) {
	var d time.Duration
	n := 0
	for ctx.Err() == nil {
		start := time.Now()
		err := s.open()
		if err == nil || ctx.Err() != nil {
			return
		}
		log.Printf("open: %v", err)
		if time.Since(start) > time.Minute {
			d, n = 0, 0
		}
		n++
		d = nextWait(d, n)
		select {
		case <-time.After(d):
		case <-ctx.Done():
			return
		}
	}
}

// A fixed wait whose select leaves on a stop channel the caller hands in:
// whether anybody closes it is the caller's, so unboundedretry leaves the
// bound to the caller; retryall reports, as the function could return a
// permanent failure.
func (s *session) untilClosed(ctx context.Context, closeCh <-chan struct{}) error {
	for { // reports: retryall
		err := s.open()
		if err == nil {
			return nil
		}
		log.Printf("open: %v", err)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case <-closeCh:
			return errClosed
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// A capped growing wait that the caller's stop channel ends.
func (s *session) untilStopped(stop <-chan struct{}) {
	d := firstWait
	for {
		err := s.open()
		if err == nil {
			return
		}
		log.Printf("open: %v", err)
		d = min(d*2, maxWait)
		select {
		case <-stop:
			return
		case <-time.After(d):
		}
	}
}
