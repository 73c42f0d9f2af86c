package sleepnoctx

import (
	"errors"
	"time"
)

// A restart loop whose component, a method called on the loop's owner,
// serves until the owner's stop channel fires and then returns nil is no
// retry: the stop is checked each round by the component, and the loop ends
// on the nil it returns. Its wait between restarts is not judged, as for a
// restart loop that takes its context's cancellation as its clean end.

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
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if err := t.serveStopErr(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (t *tail) Close() { close(t.done) }
