package httptimeout

import (
	"context"
	"net"
	"net/http"
	"time"
)

// A transport whose dial function wraps each connection in a type of the
// package that sets a read deadline before every read: a silent server fails
// the read after d, so the client does not wait forever.

type idleConn struct {
	net.Conn
	d time.Duration
}

func (c *idleConn) Read(b []byte) (int, error) {
	if err := c.Conn.SetReadDeadline(time.Now().Add(c.d)); err != nil {
		return 0, err
	}
	return c.Conn.Read(b)
}

// GOOD: the dial literal gives back the wrapper.
func idleClient(d time.Duration) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	tr := &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		c, err := dialer.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		return &idleConn{Conn: c, d: d}, nil
	}}
	return &http.Client{Transport: tr}
}

type stallConn struct {
	net.Conn
	limit time.Duration
}

// Read sets the whole deadline, and only when a limit is configured.
func (c stallConn) Read(b []byte) (int, error) {
	if c.limit > 0 {
		_ = c.SetDeadline(time.Now().Add(c.limit))
	}
	return c.Conn.Read(b)
}

type stallDialer struct{ limit time.Duration }

func (s *stallDialer) dial(ctx context.Context, n, a string) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, n, a)
	if err != nil {
		return nil, err
	}
	return stallConn{Conn: c, limit: s.limit}, nil
}

// GOOD: SetDeadline in Read, a method of the package as the dial function.
func stallClient(limit time.Duration) *http.Client {
	s := &stallDialer{limit: limit}
	return &http.Client{Transport: &http.Transport{DialContext: s.dial}}
}

func wrapIdle(c net.Conn, d time.Duration) net.Conn { return &idleConn{Conn: c, d: d} }

func dialIdle(n, a string) (net.Conn, error) {
	c, err := net.Dial(n, a)
	if err != nil {
		return nil, err
	}
	return wrapIdle(c, 30*time.Second), nil
}

// GOOD: a function of the package as Dial, wrapping through a helper.
func dialIdleClient() *http.Client {
	return &http.Client{Transport: &http.Transport{Dial: dialIdle}} //nolint:staticcheck
}

// GOOD: the deadline is set once when the connection is dialled: every read
// on it ends by then.
func dialDeadlineClient(d time.Duration) *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		var dialer net.Dialer
		c, err := dialer.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		if err := c.SetDeadline(time.Now().Add(d)); err != nil {
			c.Close()
			return nil, err
		}
		return c, nil
	}}
	return &http.Client{Transport: tr}
}

type countingConn struct {
	net.Conn
	n int
}

func (c *countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n += n
	return n, err
}

// The wrapper only counts bytes: no deadline.
func countingClient() *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		return &countingConn{Conn: c}, nil
	}}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

type lateConn struct {
	net.Conn
	d time.Duration
}

// Read sets the deadline after it read: the first read waits forever.
func (c *lateConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.Conn.SetReadDeadline(time.Now().Add(c.d))
	return n, err
}

// The deadline comes after the read.
func readFirstClient(d time.Duration) *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		var dl net.Dialer
		c, err := dl.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		return &lateConn{Conn: c, d: d}, nil
	}}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

type onceConn struct {
	net.Conn
	armed bool
}

// Read sets a deadline on the first read only.
func (c *onceConn) Read(b []byte) (int, error) {
	if !c.armed {
		c.armed = true
		c.Conn.SetReadDeadline(time.Now().Add(time.Minute))
	}
	return c.Conn.Read(b)
}

// The deadline is set on one path only.
func onceClient() *http.Client {
	tr := &http.Transport{Dial: func(n, a string) (net.Conn, error) {
		c, err := net.Dial(n, a)
		if err != nil {
			return nil, err
		}
		return &onceConn{Conn: c}, nil
	}}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

type unsetConn struct {
	net.Conn
	wait time.Duration // never given a value
}

func (c *unsetConn) Read(b []byte) (int, error) {
	c.Conn.SetReadDeadline(time.Now().Add(c.wait))
	return c.Conn.Read(b)
}

// A deadline duration the package never sets is 0: it bounds nothing.
func zeroIdleClient() *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		var dl net.Dialer
		c, err := dl.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		return &unsetConn{Conn: c}, nil
	}}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

// The wrapper bounds plain dials, but HTTPS goes through a raw TLS dial.
func idleButTLS(d time.Duration) *http.Client {
	tr := &http.Transport{
		DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
			c, err := net.Dial(n, a)
			if err != nil {
				return nil, err
			}
			return &idleConn{Conn: c, d: d}, nil
		},
		DialTLSContext: func(ctx context.Context, n, a string) (net.Conn, error) {
			return net.Dial(n, a)
		},
	}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

// One path gives back the raw connection.
func idleSometimes(d time.Duration, wrap bool) *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		c, err := net.Dial(n, a)
		if err != nil || !wrap {
			return c, err
		}
		return &idleConn{Conn: c, d: d}, nil
	}}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

// A deadline set at dial time only on one branch.
func dialDeadlineMaybe(d time.Duration, set bool) *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		c, err := net.Dial(n, a)
		if err != nil {
			return nil, err
		}
		if set {
			c.SetDeadline(time.Now().Add(d))
		}
		return c, nil
	}}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

// A dial function of another package: what its connections do is out of
// reach.
func foreignDialClient() *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}} // want `http.Client has no Timeout`
}
