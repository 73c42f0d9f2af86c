package fixedsleep

// Issue 12, precision: "tries again at once" only where the other system can
// refuse the attempt or ask to be spared (retryscope: Region.MayBeRefused).
// Asking again at once hurts a server that answered with a status (a 503, a
// 429), a database, a gRPC service, a client the engine cannot see through:
// reported. A redial at once, or the next pooled connection after a failed
// write, asks nobody to slow down: quiet. A constant wait is reported
// whatever the attempt reaches.

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"example.com/connectdep"
	"google.golang.org/grpc"
)

func rfPut(c *http.Client, url string) error {
	resp, err := c.Post(url, "text/plain", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errors.New(resp.Status)
	}
	return nil
}

// A same-package helper turns a 503 into the error, and the loop asks again at once.
func rfStatusHelper(c *http.Client) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = rfPut(c, "http://svc/put"); err == nil {
			return nil
		}
	}
	return err
}

// A helper of another package reads the status (fact ReadsStatus).
func rfStatusOtherPackage() error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		var resp *http.Response
		if resp, err = http.Get("http://svc/get"); err == nil {
			if err = connectdep.CheckStatus(resp); err == nil {
				return nil
			}
		}
	}
	return err
}

// A remote helper of another package that reads the status (fact Remote).
func rfFetchOtherPackage() error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = connectdep.Fetch("http://svc/get"); err == nil {
			return nil
		}
	}
	return err
}

func rfPing(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
	}
	return err
}

func rfGRPC(ctx context.Context, cc *grpc.ClientConn) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = cc.Invoke(ctx, "/jobs.Jobs/Claim", nil, nil); err == nil {
			return nil
		}
	}
	return err
}

type rfSender interface{ Send(b []byte) error }

// An interface method may be any client: out of sight, so reported.
func rfInterface(s rfSender, b []byte) error {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop tries again at once after a failure`
		if err = s.Send(b); err == nil {
			return nil
		}
	}
	return err
}

// Look-alike: a redial at once.
func rfDial(addr string) (net.Conn, error) {
	for i := 0; ; i++ { // quiet: connection-level only
		c, err := net.Dial("tcp", addr)
		if err == nil || i == 3 {
			return c, err
		}
	}
}

// The constant-wait claim does not depend on what the attempt reaches.
func rfDialConstant(addr string) (net.Conn, error) {
	for i := 0; ; i++ { // want `retry loop waits the same time.Second before every attempt`
		c, err := net.Dial("tcp", addr)
		if err == nil || i == 3 {
			return c, err
		}
		time.Sleep(time.Second)
	}
}

type rfPool struct {
	mu    sync.Mutex
	conns []net.Conn
}

func (p *rfPool) take() net.Conn {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := p.conns[0]
	p.conns = p.conns[1:]
	return c
}

// Look-alike: a write that failed on one pooled connection goes to the next at once.
func rfPooledWrite(p *rfPool, b []byte) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: connection-level only
		c := p.take()
		if _, err = c.Write(b); err == nil {
			return nil
		}
		c.Close()
	}
	return err
}

// Look-alike: an HTTP request whose status nobody reads has transport errors only.
func rfGetNoStatus(c *http.Client, url string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: connection-level only
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp.Body.Close()
		}
	}
	return err
}

// Look-alike: a name lookup.
func rfLookup(ctx context.Context, host string) ([]string, error) {
	for i := 0; ; i++ { // quiet: connection-level only
		addrs, err := net.DefaultResolver.LookupHost(ctx, host)
		if err == nil || i == 3 {
			return addrs, err
		}
	}
}

// Look-alike: a helper of another package that only dials (Remote.ConnectsOnly).
func rfDialOtherPackage(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: connection-level only
		if err = connectdep.Dial(addr); err == nil {
			return nil
		}
	}
	return err
}
