package fixedsleep

import (
	"errors"
	"log"
	"net"
	"time"
)

// An accept loop whose failure way goes back to Accept at once spins while
// Accept keeps failing (out of file descriptors), writing its log line as
// fast as it can.

type asServer struct {
	ln      net.Listener
	errs    chan error
	onError func(error)
	sink    errorSink
}

type errorSink interface{ Record(error) }

func (s *asServer) handle(c net.Conn) { c.Close() }

func (s *asServer) serveLogging(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Fatal(err)
	}
	for { // want `accept loop goes round at once after a failure: while Accept keeps failing \(out of file descriptors\) it spins and logs without pause; return on net.ErrClosed and wait on other failures, doubling from 5 ms to 1 s as net/http does`
		c, err := ln.Accept()
		if err != nil {
			log.Printf("accept: %v", err)
			continue
		}
		go s.handle(c)
	}
}

// Returning on the closed listener leaves every other failure going round
// at once.
func (s *asServer) serveUntilClosed() {
	for { // want `accept loop goes round at once after a failure`
		c, err := s.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			log.Printf("accept: %v", err)
			continue
		}
		go s.handle(c)
	}
}

// The same going round only on temporary failures: out of file descriptors
// is one of them.
func (s *asServer) serveTemporary() error {
	for { // want `accept loop goes round at once after a failure`
		c, err := s.ln.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return err
		}
		go s.handle(c)
	}
}

// Not reported: every failure ends the loop.
func (s *asServer) serveReturning() error {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return err
		}
		go s.handle(c)
	}
}

// Not reported: the failure way waits, growing the wait to a cap.
func (s *asServer) serveBackingOff() error {
	var delay time.Duration
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return err
			}
			if delay == 0 {
				delay = 5 * time.Millisecond
			} else if delay *= 2; delay > time.Second {
				delay = time.Second
			}
			log.Printf("accept: %v; retrying in %v", err, delay)
			time.Sleep(delay)
			continue
		}
		delay = 0
		go s.handle(c)
	}
}

// Not reported: the failure way blocks on a channel until someone answers.
func (s *asServer) serveReporting() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			s.errs <- err
			<-s.errs
			continue
		}
		go s.handle(c)
	}
}

// Not reported: the failure way hands the error to code out of reach (a
// func value, an interface), which may wait.
func (s *asServer) serveCallback() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			s.onError(err)
			continue
		}
		go s.handle(c)
	}
}

func (s *asServer) serveSink() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			s.sink.Record(err)
			continue
		}
		go s.handle(c)
	}
}
