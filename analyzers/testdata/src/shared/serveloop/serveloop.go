// Package serveloop is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall sleepnoctx unboundedretry
package serveloop

import (
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"

	"google.golang.org/grpc"
)

// Listening, accepting and serving bind or wait on the process's own
// socket: going round on them loads no other system, and a loop that
// accepts for as long as the server lives is no retry of a remote call.

// conn is one accepted connection.
type conn interface{ Close() error }

// listener is a transport's listener: it has the methods of net.Listener by
// name, whatever its Accept takes.
type listener interface {
	Addr() string
	Close() error
	Accept(func(conn)) error
}

// registry keeps the addresses of services, on another system.
type registry interface {
	Register(addr string) error
}

type server struct {
	reg    registry
	client *http.Client
	srv    *http.Server
	rpc    *grpc.Server
	ln     net.Listener
}

// serveConn answers a connection: it may call anything, when a client
// comes, but is no part of the loop's attempt.
func (s *server) serveConn(c conn) {
	s.client.Get("http://upstream.example/notify")
	c.Close()
}

// An accept loop on a transport's listener, paced by a second, stopped by
// its owner: it checks exit before every pause.
func (s *server) listen(ln listener, exit chan bool) {
	for {
		err := ln.Accept(s.serveConn)
		select {
		case <-exit:
			return
		default:
			if err != nil {
				log.Printf("accept: %v", err)
				time.Sleep(time.Second)
				continue
			}
		}
		return
	}
}

// A net.Listener's Accept taken again on every failure.
func (s *server) acceptOne() net.Conn {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			log.Printf("accept: %v", err)
			time.Sleep(time.Second)
			continue
		}
		return c
	}
}

// A restart loop around an HTTP server: it serves its own socket again.
func (s *server) serveHTTP() {
	for {
		if err := s.srv.ListenAndServe(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// The same around a gRPC server, and around http.Serve with a handler that
// calls another system per request.
func (s *server) serveRPC() {
	for {
		if err := s.rpc.Serve(s.ln); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (s *server) serveMux() {
	for {
		if err := http.Serve(s.ln, http.HandlerFunc(s.notify)); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (s *server) notify(w http.ResponseWriter, r *http.Request) {
	s.client.Get("http://upstream.example/notify")
}

// A method of the package that only listens is local through the walk.
func (s *server) bind(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s.ln = ln
	return nil
}

func (s *server) bindUntilFree(addr string) {
	for {
		if err := s.bind(addr); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// A search over ports through a func value that makes a listener: each
// attempt binds the next port of this machine.
func listenRange(host string, lo, hi int, listen func(string) (net.Listener, error)) (net.Listener, error) {
	var err error
	for port := lo; port <= hi; port++ {
		var ln net.Listener
		if ln, err = listen(fmt.Sprintf("%s:%d", host, port)); err == nil {
			return ln, nil
		}
	}
	return nil, err
}

// Look-alike: a loop that dials goes to another system every round.
func dial(addr string) net.Conn {
	for { // reports: fixedsleep unboundedretry
		c, err := net.Dial("tcp", addr)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return c
	}
}

// Look-alike: a call through a gRPC connection, retried.
func (s *server) call(ctx context.Context, target string) error {
	cc, err := grpc.Dial(target)
	if err != nil {
		return err
	}
	for { // reports: fixedsleep retryall sleepnoctx unboundedretry
		if err := cc.Invoke(ctx, "/svc/Ping", nil, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: an attempt that serves and also calls another system.
func (s *server) registerAndServe(addr string) {
	for { // reports: fixedsleep retryall unboundedretry
		if err := s.reg.Register(addr); err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := s.srv.ListenAndServe(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return
	}
}

// Look-alike: registering with a remote registry, retried.
func (s *server) register(addr string) error {
	var err error
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		if err = s.reg.Register(addr); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// Look-alike: an http client's Do, retried; the request carries a context.
func (s *server) fetch(req *http.Request) (*http.Response, error) {
	for { // reports: fixedsleep sleepnoctx unboundedretry
		resp, err := s.client.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
}

// A stop said by closing a chan bool is heard as one on a chan struct{} is:
// a loop that checks it before every pause of a second holds its owner's
// stop up for one pause. The attempt here goes to another system.
func (s *server) registerUntilStopped(addr string, exit chan bool) {
	for { // reports: fixedsleep retryall
		err := s.reg.Register(addr)
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

// Look-alike: a loop that never looks at exit holds the stop up for every
// pause of every round.
func (s *server) registerIgnoringStop(addr string, exit chan bool) {
	for { // reports: fixedsleep retryall sleepnoctx unboundedretry
		if err := s.reg.Register(addr); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (s *server) stop(exit chan bool) { close(exit) }
