package retryall

// Issue 12, precision: "retries every error alike" only where the other
// system can refuse the attempt for good (retryscope: Region.MayBeRefused).
// An attempt that hears a verdict (an HTTP status turned into an error, a
// database ping, a gRPC call, a call the engine cannot see through) is
// reported; one that only connects (a dial, a name lookup, a write on a
// pooled connection, an HTTP request whose status nobody reads) fails only
// on the way, with nothing to classify, and is quiet.

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
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

// A same-package helper turns the status into the error: a 403 is retried.
func rfStatusHelper(c *http.Client) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = rfPut(c, "http://svc/put"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A helper of another package reads the status (fact ReadsStatus).
func rfStatusOtherPackage() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		var resp *http.Response
		if resp, err = http.Get("http://svc/get"); err == nil {
			if err = connectdep.CheckStatus(resp); err == nil {
				return nil
			}
		}
		time.Sleep(time.Second)
	}
	return err
}

// A remote helper of another package that reads the status (fact Remote).
func rfFetchOtherPackage() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = connectdep.Fetch("http://svc/get"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A ping answers with bad credentials or an unknown database too.
func rfPing(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A gRPC call answers with a status code.
func rfGRPC(ctx context.Context, cc *grpc.ClientConn) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = cc.Invoke(ctx, "/jobs.Jobs/Claim", nil, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type rfSender interface{ Send(b []byte) error }

// An interface method may be any client: out of sight, so reported.
func rfInterface(s rfSender, b []byte) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = s.Send(b); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: a dial fails only on the way (refused, reset, timed out).
func rfDial(addr string) (net.Conn, error) {
	for i := 0; ; i++ { // quiet: connection-level only
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

// Look-alike: a write that failed on one pooled connection goes to the next.
func rfPooledWrite(p *rfPool, b []byte) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: connection-level only
		c := p.take()
		if _, err = c.Write(b); err == nil {
			return nil
		}
		c.Close()
		time.Sleep(10 * time.Millisecond)
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
		time.Sleep(time.Second)
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
		time.Sleep(time.Second)
	}
}

// Look-alike: a helper of another package that only dials (Remote.ConnectsOnly).
func rfDialOtherPackage(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: connection-level only
		if err = connectdep.Dial(addr); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
