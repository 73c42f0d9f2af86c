package fixedsleep

import (
	"context"
	"log"
	"net"
	"sync/atomic"
	"time"
)

// An accept loop that leaves on its owner's stop (a flag Shutdown sets
// before it closes the listener, a closed channel, the context's end) takes
// that test as the way out for the closed listener: every other failure goes
// round at once, as with a return on net.ErrClosed.

type stopServer struct {
	ln       net.Listener
	stop     atomic.Bool
	closing  bool
	shutdown chan struct{}
}

func (s *stopServer) handle(c net.Conn) { c.Close() }

func (s *stopServer) isStopped() bool { return s.stop.Load() }

func (s *stopServer) serveFlagMethod() {
	for { // want `accept loop goes round at once after a failure`
		c, err := s.ln.Accept()
		if err != nil {
			if s.isStopped() {
				return
			}
			log.Printf("accept: %v", err)
			continue
		}
		go s.handle(c)
	}
}

func (s *stopServer) serveAtomicFlag() {
	for { // want `accept loop goes round at once after a failure`
		c, err := s.ln.Accept()
		if err != nil {
			if s.stop.Load() {
				return
			}
			log.Printf("accept: %v", err)
			continue
		}
		go s.handle(c)
	}
}

func (s *stopServer) serveBoolField() {
	for { // want `accept loop goes round at once after a failure`
		c, err := s.ln.Accept()
		if err != nil {
			if s.closing {
				return
			}
			log.Printf("accept: %v", err)
			continue
		}
		go s.handle(c)
	}
}

func (s *stopServer) serveClosedChannel() {
	for { // want `accept loop goes round at once after a failure`
		c, err := s.ln.Accept()
		if err != nil {
			select {
			case <-s.shutdown:
				return
			default:
			}
			log.Printf("accept: %v", err)
			continue
		}
		go s.handle(c)
	}
}

func (s *stopServer) serveContext(ctx context.Context) error {
	for { // want `accept loop goes round at once after a failure`
		c, err := s.ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			log.Printf("accept: %v", err)
			continue
		}
		go s.handle(c)
	}
}

// Not reported: the failure way waits, growing the wait, and the select
// on the stop channel with a timer.
func (s *stopServer) serveStopBackingOff() {
	var delay time.Duration
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if s.isStopped() {
				return
			}
			if delay == 0 {
				delay = 5 * time.Millisecond
			} else if delay *= 2; delay > time.Second {
				delay = time.Second
			}
			time.Sleep(delay)
			continue
		}
		delay = 0
		go s.handle(c)
	}
}

func (s *stopServer) serveStopTimer() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			select {
			case <-s.shutdown:
				return
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		go s.handle(c)
	}
}

// Not reported: the loop returns on every failure, whatever the flag says.
func (s *stopServer) serveStopReturning() error {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if s.isStopped() {
				return nil
			}
			return err
		}
		go s.handle(c)
	}
}

// Not reported: temporary failures wait, growing the wait, as net/http does.
func (s *stopServer) serveStopTemporary() error {
	var delay time.Duration
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if s.isStopped() {
				return nil
			}
			if ne, ok := err.(net.Error); ok && ne.Temporary() {
				if delay == 0 {
					delay = 5 * time.Millisecond
				} else if delay *= 2; delay > time.Second {
					delay = time.Second
				}
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		go s.handle(c)
	}
}

// Not reported: beside the stop flag, a count of failures ends the loop.
func (s *stopServer) serveStopCounted() error {
	failures := 0
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if s.isStopped() {
				return nil
			}
			if failures++; failures > 3 {
				return err
			}
			continue
		}
		failures = 0
		go s.handle(c)
	}
}

// Not reported: the select on the stop channel has no default and waits
// for a retry signal.
func (s *stopServer) serveStopSignal(retry <-chan struct{}) {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			select {
			case <-s.shutdown:
				return
			case <-retry:
			}
			continue
		}
		go s.handle(c)
	}
}
