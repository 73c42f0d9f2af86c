package unboundedretry

import (
	"sync/atomic"
	"time"
)

// A recursive retry whose first statement leaves once the owner has stopped
// (if s.closed() { return }, closed reading the owner's stop channel or
// flag) ends with its owner, as a loop whose condition checks the stop does.

type rsWatcher struct {
	done     chan struct{}
	stopFlag int32
}

func (w *rsWatcher) closed() bool {
	select {
	case <-w.done:
		return true
	default:
		return false
	}
}

func (w *rsWatcher) stopped() bool {
	flag := atomic.LoadInt32(&w.stopFlag)
	return flag == 1
}

func (w *rsWatcher) consume() {}

// GOOD: every attempt starts by asking the stop channel.
func (w *rsWatcher) rewatch() {
	if w.closed() {
		return
	}
	if err := call(); err != nil {
		time.Sleep(10 * time.Second)
		go w.rewatch()
		return
	}
	go w.consume()
}

// GOOD: every attempt starts by asking the stop flag, read into a local.
func (w *rsWatcher) resubscribe() {
	if w.stopped() {
		return
	}
	if err := call(); err != nil {
		time.Sleep(10 * time.Second)
		w.resubscribe()
		return
	}
	w.consume()
}

// BAD: the stop is asked only once the call succeeded; failures go round
// regardless.
func (w *rsWatcher) reattach() {
	if err := call(); err != nil {
		time.Sleep(10 * time.Second)
		go w.reattach() // want `recursive retry has no attempt limit and no deadline`
		return
	}
	if w.closed() {
		return
	}
	w.consume()
}
