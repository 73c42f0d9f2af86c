package loops

import (
	"context"
	"errors"
	"log"
	"time"
)

// N4: a supervisor loop restarts a component that runs until its context is
// cancelled and returns no error only then: not a retry of an answer.

func dialCtx(context.Context) error { return nil }

var events = make(chan int)

func consumeUntilDone(ctx context.Context) error {
	if err := dialCtx(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}

func consumeEvents(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case e, ok := <-events:
			if !ok {
				return errors.New("events closed")
			}
			if err := process(e); err != nil {
				return err
			}
		}
	}
}

func superviseConsumer(ctx context.Context, backoff func() time.Duration) error {
	for {
		err := consumeUntilDone(ctx)
		if err == nil {
			return nil
		}
		log.Printf("consumer failed: %v", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff()):
		}
	}
}

func superviseEvents(ctx context.Context) error {
	for {
		if err := consumeEvents(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Look-alikes: retries.

// The call can succeed at once.
func fetchOnceCtx(ctx context.Context) error {
	if err := dialCtx(ctx); err != nil {
		return err
	}
	return dialCtx(ctx)
}

func fetchUntilOK(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=false`
		err := fetchOnceCtx(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Waits for cancellation on one path only.
func maybeWaits(ctx context.Context, wait bool) error {
	if err := dialCtx(ctx); err != nil {
		return err
	}
	if !wait {
		return nil
	}
	<-ctx.Done()
	return nil
}

func retryMaybeWaits(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=false`
		if err := maybeWaits(ctx, false); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// N4, second shape: the loop restarts a component that is handed the loop's
// context and serves until it is cancelled (a loop with a case <-ctx.Done(),
// here one call further down), and the loop takes cancellation as its clean
// end. The component may also return nil early (a catch-up mode, a named
// result set by a defer): the proof does not need every return.

type view struct {
	restart bool
	backoff func() time.Duration
}

func (v *view) readEvents(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case e, ok := <-events:
			if !ok {
				return nil
			}
			if err := process(e); err != nil {
				return err
			}
		}
	}
}

func (v *view) load(ctx context.Context, catchUp bool) (rerr error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if err := dialCtx(ctx); err != nil {
		return err
	}
	defer func() {
		if rerr == nil {
			rerr = dialCtx(context.Background())
		}
	}()
	if catchUp {
		return nil
	}
	return v.readEvents(ctx)
}

func (v *view) loadRestarting(ctx context.Context, catchUp bool) error {
	for {
		err := v.load(ctx, catchUp)
		if err == nil {
			return nil
		}
		log.Printf("view failed: %v", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(v.backoff()):
		}
	}
}

func (v *view) Run(ctx context.Context) error {
	if v.restart {
		return v.loadRestarting(ctx, false)
	}
	return v.load(ctx, false)
}

// Without results: the cancellation case returns nothing.
func (v *view) keepReading(ctx context.Context) {
	for {
		if err := v.readEvents(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(v.backoff()):
		}
	}
}

// Look-alikes that stay retries.

// Cancellation is reported as the loop's failure.
func (v *view) loadUntilCancelErr(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=true`
		err := v.load(ctx, false)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(v.backoff()):
		}
	}
}

// A request (no serving loop in the callee) with a clean stop on cancel.
func (v *view) fetchRestarting(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=true`
		err := fetchOnceCtx(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(v.backoff()):
		}
	}
}

// The component is not handed the loop's context: cancelling it does not stop
// the component.
func (v *view) loadDetached(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=true`
		err := v.load(context.Background(), false)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(v.backoff()):
		}
	}
}

// The callee's loop waits on another context than the one it is handed.
func (v *view) readOther(ctx context.Context) error {
	other := context.Background()
	for {
		select {
		case <-other.Done():
			return nil
		case e := <-events:
			if err := process(e); err != nil {
				return err
			}
			if err := dialCtx(ctx); err != nil {
				return err
			}
			return nil
		}
	}
}

func (v *view) readOtherRestarting(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=true`
		if err := v.readOther(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(v.backoff()):
		}
	}
}

// The Done case is a single select of the callee, not a loop: a call that may
// give up at cancellation, not one that serves until it.
func (v *view) fetchOrCancel(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return nil
	case e := <-events:
		return process(e)
	}
}

func (v *view) fetchOrCancelRestarting(ctx context.Context) error {
	for { // want `retry loop classified=false bounded=true`
		if err := v.fetchOrCancel(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(v.backoff()):
		}
	}
}

// N4, third shape: the component is a method called on the loop's owner, and
// it serves in a select loop whose case on a stop that owner holds returns a
// nil error. The owner's stop reaches the loop through the next attempt:
// bounded by the owner, checked each round by the callee.

type watcher struct {
	events chan int
	done   chan struct{}
	cancel context.CancelFunc
	id     string
}

var errGone = errors.New("gone")

func (w *watcher) streamUntilDone() error {
	for {
		select {
		case e, ok := <-w.events:
			if !ok {
				return errGone
			}
			if err := process(e); err != nil {
				return err
			}
		case <-w.done:
			return nil
		}
	}
}

func (w *watcher) watch() {
	for {
		err := w.streamUntilDone()
		if err == nil {
			return
		}
		log.Printf("watch failed: %v", err)
		time.Sleep(time.Second)
	}
}

func (w *watcher) Close() { close(w.done) }

// The stop is the Done of a context the method derives, whose cancel it
// stores in the owner for the owner's Close to call.
func (w *watcher) streamUntilCancelled() error {
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	for {
		select {
		case e := <-w.events:
			if err := process(e); err != nil {
				return err
			}
		case <-ctx.Done():
			return nil
		}
	}
}

func (w *watcher) Stop() { w.cancel() }

func (w *watcher) watchCancelled() error {
	for {
		if err := w.streamUntilCancelled(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// The loop calls the method on a local owner it made.
func watchLocal() {
	w := &watcher{events: events, done: make(chan struct{})}
	for {
		if err := w.streamUntilDone(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alikes that stay retries.

// The stop is reported as an error, which the loop retries.
func (w *watcher) streamStopErr() error {
	for {
		select {
		case e := <-w.events:
			if err := process(e); err != nil {
				return err
			}
		case <-w.done:
			return errGone
		}
	}
}

func (w *watcher) watchStopErr() {
	for { // want `retry loop classified=false bounded=false`
		if err := w.streamStopErr(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// No serving loop: one select, a request that may give up at the stop.
func (w *watcher) fetchOrStop() error {
	select {
	case e := <-w.events:
		return process(e)
	case <-w.done:
		return nil
	}
}

func (w *watcher) fetchUntilOK() {
	for { // want `retry loop classified=false bounded=false`
		if err := w.fetchOrStop(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// No select at all: one request retried until it succeeds.
func (w *watcher) register() error { return dialCtx(context.Background()) }

func (w *watcher) registerUntilOK() {
	for { // want `retry loop classified=false bounded=false`
		if err := w.register(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// The stop is a channel of another value, not the owner the method is
// called on.
func (w *watcher) streamOther(quit chan struct{}) error {
	for {
		select {
		case e := <-w.events:
			if err := process(e); err != nil {
				return err
			}
		case <-quit:
			return nil
		}
	}
}

func (w *watcher) watchOther() {
	quit := make(chan struct{})
	for { // want `retry loop classified=false bounded=false`
		if err := w.streamOther(quit); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// The method is called on a parameter: the stop is the caller's value's,
// whose lifetime the loop does not know.
func watchGiven(w *watcher) {
	for { // want `retry loop classified=false bounded=false`
		if err := w.streamUntilDone(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// A context the method derives whose cancel only its own defer calls.
func (w *watcher) streamOwnCtx() error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for {
		select {
		case e := <-w.events:
			if err := process(e); err != nil {
				return err
			}
		case <-ctx.Done():
			return nil
		}
	}
}

func (w *watcher) watchOwnCtx() {
	for { // want `retry loop classified=false bounded=false`
		if err := w.streamOwnCtx(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
