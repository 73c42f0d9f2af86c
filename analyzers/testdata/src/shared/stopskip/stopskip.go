// Package stopskip is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep nojitter retryall sleepnoctx unboundedretry
package stopskip

import (
	"context"
	"net"
	"sync/atomic"
	"time"
)

// A loop that restarts a subscription checks its stop once a round has run
// its course, on the way its success takes. When the failure waits and goes
// straight back to the attempt, the stop is never looked at after a
// failure: an attempt that keeps failing is retried forever, also after the
// owner stopped, and the wait ignores the stop too.

type stream struct{ conn net.Conn }

// next blocks until the stream ends.
func (s *stream) next() error {
	buf := make([]byte, 1)
	_, err := s.conn.Read(buf)
	return err
}

// feed opens streams on another system.
type feed struct{ addr string }

func (f *feed) open() (*stream, error) {
	c, err := net.Dial("tcp", f.addr)
	if err != nil {
		return nil, err
	}
	return &stream{conn: c}, nil
}

func (f *feed) openCtx(ctx context.Context) (*stream, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", f.addr)
	if err != nil {
		return nil, err
	}
	return &stream{conn: c}, nil
}

func drain(s *stream) {
	for s.next() == nil {
	}
}

type follower struct {
	src     *feed
	exit    chan struct{}
	stopped atomic.Bool
}

func (w *follower) Close() {
	w.stopped.Store(true)
	close(w.exit)
}

// BAD: the owner's exit is checked only after a stream ran.
func (w *follower) run() {
	for { // reports: sleepnoctx unboundedretry
		s, err := w.src.open()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(s)
		select {
		case <-w.exit:
			return
		default:
		}
	}
}

// BAD: the same with a stop channel the caller hands in.
func follow(src *feed, stop <-chan struct{}) {
	for { // reports: sleepnoctx unboundedretry
		s, err := src.open()
		if err != nil {
			time.Sleep(2 * time.Second)
			continue
		}
		drain(s)
		select {
		case <-stop:
			return
		default:
		}
	}
}

// BAD: a context checked only on the success way; the attempt is not handed
// it, so nothing ends the failures.
func followCtx(ctx context.Context, src *feed) {
	for { // reports: sleepnoctx unboundedretry
		s, err := src.open()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(s)
		if ctx.Err() != nil {
			return
		}
	}
}

// BAD: a closed flag of the owner, tested only after a stream ran.
func (w *follower) runFlag() {
	for { // reports: sleepnoctx unboundedretry
		s, err := w.src.open()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(s)
		if w.stopped.Load() {
			return
		}
	}
}

// GOOD: the stop is checked at the top of the body, every round.
func (w *follower) runCheckedFirst() {
	for {
		select {
		case <-w.exit:
			return
		default:
		}
		s, err := w.src.open()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(s)
	}
}

// GOOD: the stop is checked between the attempt and its test, every round.
func (w *follower) runCheckedAfterAttempt() {
	for {
		s, err := w.src.open()
		select {
		case <-w.exit:
			return
		default:
		}
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(s)
	}
}

// GOOD: the failure's wait is a select on the stop and a timer.
func (w *follower) runStopInWait() {
	for {
		s, err := w.src.open()
		if err != nil {
			select {
			case <-w.exit:
				return
			case <-time.After(time.Second):
			}
			continue
		}
		drain(s)
		select {
		case <-w.exit:
			return
		default:
		}
	}
}

// GOOD: a failure ends the loop.
func (w *follower) runOnce() error {
	for {
		s, err := w.src.open()
		if err != nil {
			time.Sleep(time.Second)
			return err
		}
		drain(s)
		select {
		case <-w.exit:
			return nil
		default:
		}
	}
}

// GOOD: the failures are counted and the loop gives up past a limit.
func (w *follower) runCounted() error {
	fails := 0
	for {
		if fails >= 8 {
			return net.ErrClosed
		}
		s, err := w.src.open()
		if err != nil {
			fails++
			time.Sleep(time.Second)
			continue
		}
		fails = 0
		drain(s)
		select {
		case <-w.exit:
			return nil
		default:
		}
	}
}

// GOOD for the stop: the attempt is handed the context the success way
// checks; whether it then answers success, and the loop sees the stop, is
// the callee's, out of sight.
func followCtxHanded(ctx context.Context, src *feed) {
	for {
		s, err := src.openCtx(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(s)
		select {
		case <-ctx.Done():
			return
		default:
		}
	}
}

// dial is the owner's own attempt: it may look at w.exit itself.
func (w *follower) dial() (*stream, error) {
	select {
	case <-w.exit:
		return &stream{}, nil
	default:
	}
	return w.src.open()
}

// GOOD for the stop: the attempt is a method of the value that holds the
// stop, which may end on it.
func (w *follower) runOwnDial() {
	for {
		s, err := w.dial()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(s)
		select {
		case <-w.exit:
			return
		default:
		}
	}
}

// A server's listener, out of sight: Serve returns when it fails.
type server interface{ Serve() error }

// An accept loop that checks its stop right after the attempt returns, on
// the failure way too, is a retry loop judged as one: it gains no claim of
// a skipped stop (and the stop, the caller's channel, is the caller's bound).
func acceptLoop(srv server, exit chan struct{}) {
	for { // reports: fixedsleep retryall
		err := srv.Serve()
		select {
		case <-exit:
			return
		default:
			if err != nil {
				time.Sleep(time.Second)
				continue
			}
		}
		return
	}
}
