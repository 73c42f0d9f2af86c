package unboundedretry

import (
	"errors"
	"log"
	"time"
)

// A restart loop whose component, a method called on the loop's owner,
// serves in a select loop that returns nil when the owner's stop channel
// fires: the next attempt after the owner stops ends the loop, so the
// owner's stop bounds it.

type feed struct {
	events chan int
	done   chan struct{}
}

var errFeedGone = errors.New("feed gone")

func (f *feed) handle(int) error { return call() }

func (f *feed) stream() error {
	for {
		select {
		case e, ok := <-f.events:
			if !ok {
				return errFeedGone
			}
			if err := f.handle(e); err != nil {
				return err
			}
		case <-f.done:
			return nil
		}
	}
}

// GOOD: bounded by f.done, read by stream each round.
func (f *feed) follow() {
	for {
		err := f.stream()
		if err == nil {
			return
		}
		log.Printf("feed: %v", err)
		time.Sleep(time.Second)
	}
}

func (f *feed) Close() { close(f.done) }

// The stop is returned as an error: the loop retries it, forever.
func (f *feed) streamStopErr() error {
	for {
		select {
		case e := <-f.events:
			if err := f.handle(e); err != nil {
				return err
			}
		case <-f.done:
			return errFeedGone
		}
	}
}

// BAD: the owner's stop comes back as an error and goes round.
func (f *feed) followStopErr() {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := f.streamStopErr(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// No serving loop: one request retried until it succeeds.
func (f *feed) ack() error { return call() }

// BAD: nothing ends it while ack fails.
func (f *feed) ackUntilOK() {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := f.ack(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
