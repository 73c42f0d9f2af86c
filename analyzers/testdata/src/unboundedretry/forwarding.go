package unboundedretry

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// Shape 5: a wrapper whose loop only calls the caller's operation and stops
// only on the caller's context has the caller's bound; its calls are judged.

// GOOD at the wrapper.
func Retry[T any](ctx context.Context, op func() (T, error), next func(error) time.Duration) (T, error) {
	for {
		v, err := op()
		if err == nil {
			return v, nil
		}
		t := time.NewTimer(next(err))
		select {
		case <-ctx.Done():
			t.Stop()
			var zero T
			return zero, ctx.Err()
		case <-t.C:
		}
	}
}

func produce(context.Context) (int, error) { reach(); return 0, nil }

// GOOD: the call passes a context with a deadline.
func produceWithin(d time.Duration) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return Retry(ctx, func() (int, error) { return produce(ctx) }, func(error) time.Duration { return time.Second })
}

// context.Background never ends: no limit at all.
func produceForever() (int, error) {
	return Retry(context.Background(), func() (int, error) { // want `unboundedretry.Retry retries until the callback succeeds, with no attempt or time limit`
		return produce(context.Background())
	}, func(error) time.Duration { return time.Second })
}

// GOOD: the caller's context: the caller's bound.
func produceCallerCtx(ctx context.Context) (int, error) {
	return Retry(ctx, func() (int, error) { return produce(ctx) }, func(error) time.Duration { return time.Second })
}

type pinger struct{ ctx context.Context }

// GOOD: the wrapper stops on its owner's context (a field of the receiver):
// it retries for as long as the pinger lives, and the pinger's end is its
// bound (retryscope.Region.StoppedByOwner). No call can bound it either.
func (p *pinger) retryOp(op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-p.ctx.Done():
			return p.ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// stopAll is closed once, at shutdown: a package variable, no owner's field.
var stopAll = make(chan struct{})

// GOOD: the wrapper stops on a channel of its own that no owner holds, and
// no call can bound: who closes the channel is out of reach.
func retryOpUntilShutdown(op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-stopAll:
			return errors.New("shut down")
		case <-time.After(time.Second):
		}
	}
}

// neverStopped is a package variable that nothing can cancel, no owner's
// field.
var neverStopped = context.Background()

// Look-alike: the wrapper stops on a context of its own that no owner holds,
// and no call can bound: it never ends, so the wrapper's loop is reported.
func retryOpUntilNever(op func() error) error {
	for { // want `retry loop has no attempt limit and no deadline: <-neverStopped.Done\(\) never fires, as nothing can cancel neverStopped`
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-neverStopped.Done():
			return neverStopped.Err()
		case <-time.After(time.Second):
		}
	}
}

// Stop signals inside the operation: an operation that ends the retrying
// itself, by returning success once its own count runs out or once its owner
// is closed, bounds the call. The contexts below never end (startSession
// hands them context.Background()): the operation is the only bound.

type session struct {
	c      *http.Client
	closed atomic.Bool
}

// GOOD: the operation counts its own attempts and gives up with nil.
func (s *session) refreshCounted(ctx context.Context) {
	tries := 0
	Retry(ctx, func() (int, error) {
		tries++
		if tries > 5 {
			return 0, nil
		}
		resp, err := s.c.Get("https://example.com/refresh")
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}, func(error) time.Duration { return time.Second })
}

// GOOD: the operation, held in a variable, returns nil once its owner is
// closed.
func (s *session) reconnect(ctx context.Context) {
	op := func() (int, error) {
		if s.closed.Load() {
			return 0, nil
		}
		resp, err := s.c.Get("https://example.com/connect")
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	Retry(ctx, op, func(error) time.Duration { return time.Second })
}

// Look-alike: a nil return after a permanent error is classification, not a
// stop: the other errors are retried as long as ctx lives, for ever.
func (s *session) reconnectClassified(ctx context.Context) {
	Retry(ctx, func() (int, error) { // want `unboundedretry.Retry retries until the callback succeeds, with no attempt or time limit: its context never ends, as startSession hands ctx context.Background\(\)`
		resp, err := s.c.Get("https://example.com/connect")
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if strings.Contains(msg, "forbidden") {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}, func(error) time.Duration { return time.Second })
}

// Look-alike: a nil return decided by the attempt's status is success, not a
// stop: failures are retried as long as ctx lives, for ever.
func (s *session) fetchOK(ctx context.Context) {
	Retry(ctx, func() (int, error) { // want `unboundedretry.Retry retries until the callback succeeds, with no attempt or time limit: its context never ends, as startSession hands ctx context.Background\(\)`
		resp, err := s.c.Get("https://example.com/state")
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return resp.StatusCode, nil
		}
		return 0, errors.New(resp.Status)
	}, func(error) time.Duration { return time.Second })
}

// startSession hands the retries above a context that never ends.
func startSession(s *session) {
	s.refreshCounted(context.Background())
	s.reconnect(context.Background())
	s.reconnectClassified(context.Background())
	s.fetchOK(context.Background())
}
