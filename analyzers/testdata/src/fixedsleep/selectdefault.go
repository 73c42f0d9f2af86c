package fixedsleep

import (
	"context"
	"errors"
	"math/rand"
	"net"
	"time"
)

// A select with a default clause never blocks: it looks at its channels and
// goes on. It paces nothing, so a retry loop whose only select has one, and
// no other wait on the way round, tries again at once.

func sdCheckThenCall(ctx context.Context) error {
	for { // want `retry loop tries again at once after a failure`
		select {
		case <-ctx.Done():
			return ctx.Err()
		default: // looks at ctx and goes on
		}
		if err := callCtx(ctx); err == nil {
			return nil
		}
	}
}

// The call inside the default case: the same loop.
func sdCallInDefault(ctx context.Context) error {
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			if err := callCtx(ctx); err == nil {
				return nil
			}
		}
	}
	return errors.New("gave up")
}

// A timer on a case of a select with a default is taken only when it has
// already fired: no wait, and no "same time.Second" either.
func sdTimerBesideDefault(ctx context.Context) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Second):
		default:
		}
	}
	return err
}

// A helper of the package whose only select has a default checks and returns.
func sdStopped(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
		return nil
	}
}

func sdCheckHelper(ctx context.Context) error {
	for { // want `retry loop tries again at once after a failure`
		if err := sdStopped(ctx); err != nil {
			return err
		}
		if err := callCtx(ctx); err == nil {
			return nil
		}
	}
}

// Look-alikes.

// The same select without a default waits, here a growing jittered delay.
func sdTimerNoDefault(ctx context.Context) error {
	delay := 100 * time.Millisecond
	for { // quiet: the select blocks until the timer fires
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay/2 + time.Duration(rand.Int63n(int64(delay)))):
		}
		if err := callCtx(ctx); err == nil {
			return nil
		}
		delay = min(delay*2, 10*time.Second)
	}
}

// A select with a default, then a sleep on the failure path.
func sdDefaultThenSleep(ctx context.Context) error {
	delay := 100 * time.Millisecond
	for { // quiet: the sleep paces the attempts
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if err := callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int63n(int64(delay))))
		delay = min(delay*2, 10*time.Second)
	}
}

// A case body of a select with a default may still block.
func sdBlockingCaseBody(ctx context.Context, results <-chan error) error {
	for { // quiet: the default case waits for the next result
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			if err := <-results; err == nil {
				return nil
			}
		}
	}
}

// A helper that both checks and waits still waits.
func sdCheckAndWait(ctx context.Context, tick <-chan time.Time) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-tick:
		return nil
	}
}

func sdWaitingHelper(ctx context.Context, tick <-chan time.Time) error {
	for { // quiet: the helper blocks on tick
		if err := sdCheckAndWait(ctx, tick); err != nil {
			return err
		}
		if err := callCtx(ctx); err == nil {
			return nil
		}
	}
}

// A drain: take what is queued, stop when nothing is.
func sdDrain(ctx context.Context, queue <-chan string) error {
	for { // quiet: each round takes the next item; an empty queue ends it
		select {
		case addr := <-queue:
			if err := dial(addr); err != nil {
				continue
			}
		default:
			return nil
		}
	}
}

type sdServer struct {
	ctx context.Context
	ln  net.Listener
}

func (s *sdServer) handle(net.Conn) {}

// An accept loop: success goes round as well (the next connection), so it
// serves rather than retries, whatever its select does. Its failure way is
// another matter: a failure other than the closed listener's (out of file
// descriptors) goes back to Accept at once, and the select's default waits
// for nothing (poll_spin.go).
func (s *sdServer) sdAccept() {
	for { // want `accept loop goes round at once after a failure`
		select {
		case <-s.ctx.Done():
			return
		default:
			c, err := s.ln.Accept()
			if err != nil {
				if errors.Is(err, net.ErrClosed) {
					return
				}
				continue
			}
			go s.handle(c)
		}
	}
}
