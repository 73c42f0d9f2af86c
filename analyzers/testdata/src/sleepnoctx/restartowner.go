package sleepnoctx

import (
	"context"
	"errors"
	"time"
)

// A restart loop whose component, a method called on the loop's owner,
// serves until the owner's stop channel fires and then returns nil is no
// retry, but its wait between restarts holds off the stop: for one wait, as
// the component checks the stop every round and the loop ends on the nil it
// then returns. So is a restart loop that hands the component its context
// and takes cancellation as its clean end. A short wait is not reported; a
// long one is.

type tail struct {
	lines chan string
	done  chan struct{}
}

var errTailGone = errors.New("tail gone")

func (t *tail) serve() error {
	for {
		select {
		case l, ok := <-t.lines:
			if !ok || l == "" {
				return errTailGone
			}
		case <-t.done:
			return nil
		}
	}
}

// GOOD: a stop ends the next serve, which ends the loop.
func (t *tail) run() {
	for {
		if err := t.serve(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (t *tail) serveStopErr() error {
	for {
		select {
		case l := <-t.lines:
			if l == "" {
				return errTailGone
			}
		case <-t.done:
			return errTailGone
		}
	}
}

// BAD: the stop comes back as an error, and the loop sleeps on, unbounded.
func (t *tail) runStopErr() {
	for { // want `time.Sleep between retry attempts ignores the stop channel t.done: wait in a select on t.done and a timer`
		if err := t.serveStopErr(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (t *tail) Close() { close(t.done) }

// BAD: after a stop, up to half a minute passes before the loop sees it.
func (t *tail) runSlow() {
	for { // want `time.Sleep between retry attempts ignores the stop channel t.done: wait in a select on t.done and a timer`
		if err := t.serve(); err == nil {
			return
		}
		time.Sleep(30 * time.Second)
	}
}

// GOOD: the wait is a select on the owner's stop.
func (t *tail) runSlowSelect() {
	for {
		if err := t.serve(); err == nil {
			return
		}
		select {
		case <-t.done:
			return
		case <-time.After(30 * time.Second):
		}
	}
}

func (t *tail) serveCtx(ctx context.Context) error {
	for {
		select {
		case l := <-t.lines:
			if l == "" {
				return errTailGone
			}
		case <-ctx.Done():
			return nil
		}
	}
}

// GOOD: a restart loop that takes cancellation as its clean end, with a
// short sleep after its check.
func (t *tail) runCtx(ctx context.Context) error {
	for {
		if err := t.serveCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		time.Sleep(time.Second)
	}
}

// BAD: the same loop with a wait as long as a shutdown's grace period.
func (t *tail) runCtxSlow(ctx context.Context) error {
	for { // want `time.Sleep between retry attempts ignores cancellation`
		if err := t.serveCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		time.Sleep(time.Minute)
	}
}
