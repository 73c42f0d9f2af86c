package unboundedretry

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/avast/retry-go/v4"
)

// A loop its owner stops runs for the owner's lifetime: a long-lived
// component's background loop that reconnects or re-delivers until the
// component is closed is bounded by the component's Close
// (retryscope.Region.StoppedByOwner). The owner holds the stop signal in a
// field; a context, a channel or a struct handed in as a parameter is the
// caller's.

type connManager struct {
	done      chan struct{}
	ctx       context.Context
	closed    bool
	stopped   atomic.Bool
	failFast  bool
	replies   chan error
	base      time.Duration
	reconnect func() error
}

func dialOnce() error { reach(); return nil }

// GOOD: the manager's done channel ends the loop; the wait grows.
func (m *connManager) reconnectLoop() {
	for attempt := 0; ; attempt++ {
		select {
		case <-m.done:
			return
		case <-time.After(m.base << attempt):
		}
		if err := dialOnce(); err == nil {
			return
		}
	}
}

// GOOD: the owner's context, read from a field, with a fixed wait.
func (m *connManager) redeliver() error {
	for {
		if err := callCtx(m.ctx); err == nil {
			return nil
		}
		select {
		case <-m.ctx.Done():
			return m.ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// GOOD: the owner's close channel, polled without blocking before each
// attempt, and a fixed sleep.
func (m *connManager) flushQueue() {
	for {
		select {
		case <-m.done:
			return
		default:
		}
		if err := dialOnce(); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the owner's context asked in a condition.
func (m *connManager) resend() error {
	for {
		if err := dialOnce(); err == nil {
			return nil
		}
		if m.ctx.Err() != nil {
			return m.ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the owner's closed flags.
func (m *connManager) redial() {
	for !m.closed {
		if err := dialOnce(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (m *connManager) redialAtomic() {
	for {
		if err := dialOnce(); err == nil {
			return
		}
		if m.stopped.Load() {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: a goroutine of the owner's method, through a local copy of the
// channel and a context derived from the owner's.
func (m *connManager) start() {
	done := m.done
	ctx, cancel := context.WithCancel(m.ctx)
	go func() {
		defer cancel()
		for {
			if err := dialOnce(); err == nil {
				return
			}
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}()
}

// GOOD: a helper without a limit, watching the owner's context.
func (m *connManager) helperOwnerCtx() error {
	return retry.Do(call, retry.UntilSucceeded(), retry.Context(m.ctx))
}

// GOOD: the same helper watching the caller's context: the caller's bound.
func helperCallerCtx(ctx context.Context) error {
	return retry.Do(call, retry.UntilSucceeded(), retry.Context(ctx))
}

// GOOD: a context parameter is the caller's, even in a method of an owner:
// the caller's bound.
func (m *connManager) reconnectCtx(ctx context.Context) error {
	for {
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// GOOD: a channel parameter is the caller's too.
func (m *connManager) reconnectUntil(stop <-chan struct{}) {
	for {
		if err := dialOnce(); err == nil {
			return
		}
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD: so is a struct handed in as a parameter.
func reconnectFor(m *connManager) {
	for {
		if err := dialOnce(); err == nil {
			return
		}
		select {
		case <-m.done:
			return
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: an owner's loop with no stop exit at all.
func (m *connManager) reconnectForever() {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := dialOnce(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: a receive from a field that takes a reply is no stop signal, but
// the reply ends the loop, and when it comes is out of reach.
func (m *connManager) awaitReply() error {
	for {
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case err := <-m.replies:
			return err
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: a boolean field that is a setting, not a stop flag.
func (m *connManager) reconnectUnlessFailFast() error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := dialOnce()
		if err == nil {
			return nil
		}
		if m.failFast {
			return err
		}
		time.Sleep(time.Second)
	}
}

// BAD: a context the function makes from Background, which nobody ends
// before the loop does.
func (m *connManager) reconnectBackground() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for { // want `retry loop has no attempt limit and no deadline: <-ctx.Done\(\) never fires, as nothing can cancel ctx`
		if err := dialOnce(); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD: a recursive retry that its owner stops.
func (m *connManager) connect() error {
	if err := dialOnce(); err != nil {
		select {
		case <-m.done:
			return err
		case <-time.After(time.Second):
		}
		return m.connect()
	}
	return nil
}

// GOOD: the same recursion stopped by the caller's channel.
func (m *connManager) connectUntil(stop <-chan struct{}) error {
	if err := dialOnce(); err != nil {
		select {
		case <-stop:
			return err
		case <-time.After(time.Second):
		}
		return m.connectUntil(stop)
	}
	return nil
}
