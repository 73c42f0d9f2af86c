package httptimeout

import (
	"bytes"
	"context"
	"net"
	"net/http"
)

// A request built with a context kept in an unexported field carries what
// the package stores there.

type dnsOverHTTPConn struct {
	net.Conn
	ctx context.Context
	hc  *http.Client
	url string
}

func dohResolver(url string) *net.Resolver {
	return &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
			return &dnsOverHTTPConn{ctx: ctx, url: url}, nil // the resolver's per-exchange context
		},
	}
}

// GOOD: every store of the field is the resolver's context.
func (c *dnsOverHTTPConn) Write(packet []byte) (int, error) {
	req, err := http.NewRequestWithContext(c.ctx, http.MethodPost, c.url, bytes.NewReader(packet))
	if err != nil {
		return 0, err
	}
	hc := c.hc
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	return len(packet), res.Body.Close()
}

type backgroundConn struct {
	ctx context.Context
	url string
}

func newBackgroundConn(url string) *backgroundConn {
	return &backgroundConn{ctx: context.Background(), url: url}
}

// BAD: the field holds context.Background(), which never ends.
func (c *backgroundConn) send(packet []byte) error {
	req, err := http.NewRequestWithContext(c.ctx, http.MethodPost, c.url, bytes.NewReader(packet))
	if err != nil {
		return err
	}
	hc := http.DefaultClient // want `http.DefaultClient has no timeout`
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
