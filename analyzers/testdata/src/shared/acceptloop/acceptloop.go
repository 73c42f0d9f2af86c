// Package acceptloop is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall sleepnoctx unboundedretry
package acceptloop

import (
	"context"
	"errors"
	"log"
	"net"
	"os"
	"time"

	"example.com/neterrs"
)

// A server's accept loop goes round on the temporary failures of Accept (out
// of descriptors, a timeout) and returns on every other one. Its owner ends
// it by closing the listener: Accept then fails with net.ErrClosed, which is
// neither temporary nor a timeout, and the loop returns. Close is its bound,
// and a cap on the attempts would leave the server deaf after a burst of
// temporary failures. Going round at once is still a hot loop while the
// process is out of descriptors.

// streamListener is a listener of another package's making, out of sight:
// its Accept may reach anything.
type streamListener interface {
	Accept() (net.Conn, error)
	Close() error
}

type forwarder struct {
	ln streamListener
}

func (f *forwarder) handle(c net.Conn) { c.Close() }

func (f *forwarder) close() error { return f.ln.Close() }

func (f *forwarder) serve() {
	for { // reports: fixedsleep
		c, err := f.ln.Accept()
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Temporary() {
				continue
			}
			return
		}
		go f.handle(c)
	}
}

// isTemporary tests the error for the temporary class.
func isTemporary(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Temporary()
}

func (f *forwarder) serveHelper() error {
	for { // reports: fixedsleep
		c, err := f.ln.Accept()
		if err != nil {
			if isTemporary(err) {
				continue
			}
			return err
		}
		go f.handle(c)
	}
}

// A predicate of another package named for the class is read by its name.
func (f *forwarder) serveNamed() {
	for { // reports: fixedsleep
		c, err := f.ln.Accept()
		if err != nil {
			if neterrs.IsTemporary(err) {
				continue
			}
			return
		}
		go f.handle(c)
	}
}

// Look-alike: a predicate out of reach whose name says nothing of the class
// may go round on the closed error too.
func (f *forwarder) serveRetryable() {
	for { // reports: fixedsleep unboundedretry
		c, err := f.ln.Accept()
		if err != nil {
			if neterrs.IsRetryable(err) {
				continue
			}
			return
		}
		go f.handle(c)
	}
}

// A source a caller hands in is closed by the caller, as a server's own is
// by the server; a deadline's timeout is a temporary failure too.
type streamSource interface {
	AcceptStream() (net.Conn, error)
	Close() error
}

func (f *forwarder) serveStreams(src streamSource) error {
	for { // reports: fixedsleep
		c, err := src.AcceptStream()
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			return err
		}
		go f.handle(c)
	}
}

// A pause on the temporary branch paces one server's accepts: no herd of
// callers to be in step with.
func (f *forwarder) servePaced() {
	for {
		c, err := f.ln.Accept()
		if err != nil {
			if isTemporary(err) {
				time.Sleep(5 * time.Millisecond)
				continue
			}
			return
		}
		go f.handle(c)
	}
}

// The same bound holds for a loop that takes one connection: the first
// failure that is not temporary ends it, the one Close gives included.
func (f *forwarder) acceptOne() (net.Conn, error) {
	for { // reports: fixedsleep
		c, err := f.ln.Accept()
		if err != nil {
			if isTemporary(err) {
				continue
			}
			return nil, err
		}
		return c, nil
	}
}

// Look-alike: an Accept loop that goes round on every failure has no way
// out once the listener is closed: Accept then fails at once, for ever.
func (f *forwarder) acceptOneEveryError() net.Conn {
	for { // reports: fixedsleep retryall unboundedretry
		c, err := f.ln.Accept()
		if err != nil {
			log.Printf("accept: %v", err)
			continue
		}
		return c
	}
}

// Look-alike: a source without Close: nothing its owner can do ends the loop.
type acceptor interface {
	Accept() (net.Conn, error)
}

func (f *forwarder) serveAcceptor(a acceptor) {
	for { // reports: fixedsleep unboundedretry
		c, err := a.Accept()
		if err != nil {
			if isTemporary(err) {
				continue
			}
			return
		}
		go f.handle(c)
	}
}

// sender sends requests to another system, out of sight.
type sender interface {
	Do(req *request) (*response, error)
	Close() error
}

type request struct{ body []byte }

type response struct{ status int }

// Look-alike: a request sent again on temporary failures. Closing the client
// ends nothing: the same request is retried for ever.
// No context or stop channel is in reach here or in a caller: sleepnoctx is
// quiet on it and on fetchTimeouts.
func fetch(c sender, req *request) (*response, error) {
	for { // reports: fixedsleep unboundedretry
		resp, err := c.Do(req)
		if err != nil {
			if isTemporary(err) {
				time.Sleep(time.Second)
				continue
			}
			return nil, err
		}
		return resp, nil
	}
}

// Look-alike: the same with the class asked of the error inline.
func fetchTimeouts(c sender, req *request) (*response, error) {
	for { // reports: fixedsleep unboundedretry
		resp, err := c.Do(req)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(time.Second)
				continue
			}
			return nil, err
		}
		return resp, nil
	}
}

// A pause that grows to a second on temporary failures holds off the
// owner's Close for one pause at most: the next Accept fails with the closed
// error and the loop returns. The context is the connections', not the
// loop's stop.
func (f *forwarder) serveBackingOff(ctx context.Context) error {
	var delay time.Duration
	for {
		c, err := f.ln.Accept()
		if err != nil {
			if isTemporary(err) {
				if delay == 0 {
					delay = 5 * time.Millisecond
				} else {
					delay *= 2
				}
				if limit := time.Second; delay > limit {
					delay = limit
				}
				log.Printf("accept: %v; retrying in %v", err, delay)
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		go f.handleWithin(ctx, c)
	}
}

// Look-alike: a pause doubled after its clamp has no ceiling the code shows;
// the one pause that holds off Close may be long.
func (f *forwarder) serveDoublingLate(ctx context.Context) error {
	delay := 5 * time.Millisecond
	for { // reports: sleepnoctx
		c, err := f.ln.Accept()
		if err != nil {
			if isTemporary(err) {
				if delay > time.Second {
					delay = time.Second
				}
				delay *= 2
				time.Sleep(delay)
				continue
			}
			return err
		}
		go f.handleWithin(ctx, c)
	}
}

func (f *forwarder) handleWithin(ctx context.Context, c net.Conn) {
	<-ctx.Done()
	c.Close()
}

// Look-alike: a request retried on temporary failures with the same growing
// pause never ends by itself, and its caller's cancellation waits out every
// pause.
func fetchBackingOff(ctx context.Context, c sender, req *request) (*response, error) {
	var delay time.Duration
	for { // reports: sleepnoctx unboundedretry
		resp, err := c.Do(req)
		if err != nil {
			if isTemporary(err) {
				if delay == 0 {
					delay = 5 * time.Millisecond
				} else {
					delay *= 2
				}
				if delay > time.Second {
					delay = time.Second
				}
				time.Sleep(delay)
				continue
			}
			return nil, err
		}
		return resp, nil
	}
}
