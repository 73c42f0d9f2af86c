package retryall

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/avast/retry-go/v4"
)

// A loop its owner stops runs for the owner's lifetime
// (retryscope.Region.StoppedByOwner): a long-lived component's background
// loop retries until the component is closed, and a permanent error must not
// end the component's work either; that is the owner's decision. Only a loop
// that nothing but success and the owner's stop signal ends is one.

type queueWriter struct {
	closeCh chan struct{}
	ctx     context.Context
	stopped atomic.Bool
	base    time.Duration
}

func (w *queueWriter) write() error { reach(); return nil }

// GOOD: the writer's close channel ends the loop; the wait grows.
func (w *queueWriter) deliverLoop() {
	for attempt := 0; ; attempt++ {
		if err := w.write(); err == nil {
			return
		}
		select {
		case <-w.closeCh:
			return
		case <-time.After(w.base << attempt):
		}
	}
}

// GOOD: the writer's context, read from a field, with a fixed wait.
func (w *queueWriter) deliverCtx() error {
	for {
		if err := w.write(); err == nil {
			return nil
		}
		select {
		case <-w.ctx.Done():
			return w.ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// GOOD: the writer's stopped flag.
func (w *queueWriter) deliverUntilStopped() {
	for {
		if err := w.write(); err == nil {
			return
		}
		if w.stopped.Load() {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: a helper without a limit, watching the writer's context.
func (w *queueWriter) deliverHelper() error {
	return retry.Do(w.write, retry.UntilSucceeded(), retry.Context(w.ctx))
}

// Look-alike: a helper with a limit gives up anyway: classify.
func (w *queueWriter) deliverHelperDefault() error {
	return retry.Do(w.write, retry.Context(w.ctx), retry.Attempts(20)) // want `retry.Do retries every error the callback returns`
}

// Look-alike: an attempt cap besides the owner's stop: the loop gives up
// anyway, and a permanent error wastes the attempts before it.
func (w *queueWriter) deliverCapped() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = w.write(); err == nil {
			return nil
		}
		select {
		case <-w.closeCh:
			return err
		case <-time.After(time.Second):
		}
	}
	return err
}

// Look-alike: the caller's context, even in a method of an owner.
func (w *queueWriter) deliverFor(ctx context.Context) error {
	for { // want `retry loop retries every error alike`
		if err := w.write(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// GOOD since keepalive.go: the caller's channel, and no error result:
// nobody to hand a permanent failure to (retryscope.Result.KeepsAlive).
func (w *queueWriter) deliverUntil(stop <-chan struct{}) {
	for {
		if err := w.write(); err == nil {
			return
		}
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
	}
}

// Look-alike: no stop exit at all.
func (w *queueWriter) deliverForever() {
	for { // want `retry loop retries every error alike`
		if err := w.write(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a context the function makes from Background.
func (w *queueWriter) deliverBackground() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for { // want `retry loop retries every error alike`
		if err := w.write(); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// GOOD at the wrapper and at its calls: a forwarding wrapper that its owner
// stops retries its callers' operations for the owner's lifetime.
func (w *queueWriter) keepTrying(op func() error) {
	for {
		if err := op(); err == nil {
			return
		}
		select {
		case <-w.closeCh:
			return
		case <-time.After(time.Second):
		}
	}
}

func (w *queueWriter) flush() {
	w.keepTrying(func() error { return w.write() })
}

// Look-alike: the same wrapper stopped by the caller's channel: its calls are
// judged.
func keepTryingUntil(stop <-chan struct{}, op func() error) {
	for {
		if err := op(); err == nil {
			return
		}
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
	}
}

func (w *queueWriter) flushUntil(stop <-chan struct{}) {
	keepTryingUntil(stop, func() error { return w.write() }) // want `retries every error the callback returns`
}

// GOOD: the same wrapper handed its owner's stop channel retries for the
// owner's lifetime, as the owner's own wrapper does.
func (w *queueWriter) flushOwned() {
	keepTryingUntil(w.closeCh, func() error { return w.write() })
}

// Look-alike: a channel made here that nobody closes is no owner's stop.
func (w *queueWriter) flushNeverStopped() {
	keepTryingUntil(make(chan struct{}), func() error { return w.write() }) // want `retries every error the callback returns`
}
