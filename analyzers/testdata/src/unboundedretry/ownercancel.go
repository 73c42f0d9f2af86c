package unboundedretry

import (
	"context"
	"time"
)

// A context its owner cancels is the owner's stop signal: a goroutine that
// receives from the owner's stop channel and calls cancel, or a cancel kept
// in a field that the owner's Stop calls. A loop that hands its attempt such
// a context ends through the attempt when the owner stops
// (retryscope.Region.AttemptStoppedByOwner); one that reads it in an exit is
// stopped by its owner (retryscope.Region.StoppedByOwner).

type subscriber struct {
	stop    chan struct{}
	cancel  context.CancelFunc
	base    *subscriber
	ctx     context.Context
	release context.CancelFunc
}

func (s *subscriber) StopChan() chan struct{} { return s.stop }

func (s *subscriber) Stop() { s.cancel() }

// GOOD: a goroutine cancels the loop's context when the owner's stop
// channel fires.
func (s *subscriber) receiveUntilStopped() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.stop
		cancel()
	}()
	for {
		err := callCtx(ctx)
		if err == nil {
			break
		}
		continue
	}
}

// GOOD: the stop channel comes from a method of the owner (of an embedded
// value too), and the goroutine cancels in a select case.
func (s *subscriber) receiveUntilStopChan() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-s.base.StopChan():
			cancel()
		case <-ctx.Done():
		}
	}()
	for {
		if err := callCtx(ctx); err == nil {
			return
		}
	}
}

// GOOD: the goroutine defers cancel and waits for the owner's stop.
func (s *subscriber) receiveDeferredCancel() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer cancel()
		<-s.StopChan()
	}()
	for {
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the cancel function is kept in a field of the owner and its Stop
// calls it.
func (s *subscriber) receiveUntilStopCalled() {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	for {
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the owner's cancelled context read in an exit of the loop.
func (s *subscriber) reconnectUntilStopped() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.stop
		cancel()
	}()
	for {
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

// Look-alike: the goroutine cancels on a channel the caller hands in: the
// caller's signal, whose lifetime is unknown here.
func receiveUntil(stop <-chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-stop
		cancel()
	}()
	for { // want `retry loop has no attempt limit and no deadline`
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a context that nothing cancels but the function's own defer.
func (s *subscriber) receiveForever() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for { // want `retry loop has no attempt limit and no deadline`
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the goroutine cancels when a timer fires, not the owner's
// stop; it receives from the owner's channel only to leave without cancelling.
func (s *subscriber) receiveCancelOnData() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-s.stop:
			return
		case <-time.After(time.Hour):
			cancel()
		}
	}()
	for { // want `retry loop has no attempt limit and no deadline`
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the cancel function kept in a field that nothing calls.
type idleSubscriber struct{ cancel context.CancelFunc }

func (s *idleSubscriber) receive() {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	for { // want `retry loop has no attempt limit and no deadline`
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the owner-cancelled context is not what the attempt takes.
func (s *subscriber) dialUntilStopped() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.stop
		cancel()
	}()
	go callCtx(ctx)
	for { // want `retry loop has no attempt limit and no deadline`
		if err := callCtx(context.Background()); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the loop leaves on the stop channel a method of its owner returns.
func (s *subscriber) reconnectUntilStopChan() {
	for {
		if err := dialOnce(); err == nil {
			return
		}
		select {
		case <-s.StopChan():
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD: the same method of a subscriber the caller hands in.
func reconnectSubscriber(s *subscriber) {
	for {
		if err := dialOnce(); err == nil {
			return
		}
		select {
		case <-s.StopChan():
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD: the cancel function goes straight into the field Stop calls.
func (s *subscriber) receiveIntoField() {
	var ctx context.Context
	ctx, s.cancel = context.WithCancel(context.Background())
	for {
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: the attempt takes the context the owner holds in a field.
func (s *subscriber) receiveOwnerCtx() {
	for {
		if err := callCtx(s.ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the attempt takes the caller's context.
func (s *subscriber) receiveCallerCtx(ctx context.Context) {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the field that keeps the cancel function is called only by
// the function's own defer, when the loop is over.
func (s *subscriber) receiveReleasedOnReturn() {
	ctx, cancel := context.WithCancel(context.Background())
	s.release = cancel
	defer s.release()
	for { // want `retry loop has no attempt limit and no deadline`
		if err := callCtx(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a poll whose call takes the owner-cancelled context. Once the
// context is done the call answers "not yet" or fails, and the poll goes
// round either way.
func (s *subscriber) pollUntilAllowed(key string) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.stop
		cancel()
	}()
	for { // want `poll loop goes round on every failed call with no attempt limit and no deadline`
		res, err := allow(ctx, key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if res.Allowed {
			return
		}
		time.Sleep(res.RetryAfter)
	}
}
