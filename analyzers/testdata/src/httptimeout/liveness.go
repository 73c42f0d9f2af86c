package httptimeout

import (
	"context"
	"crypto/tls"
	"errors"
	"log"
	"net"
	"net/http"
	"time"

	quic "github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"golang.org/x/net/http2"
)

// Transports that watch their own connections: an HTTP/2 transport that
// pings a silent connection, an HTTP/3 transport whose QUIC configuration
// drops one, a dial function whose connections close themselves when a read
// waits too long.

// GOOD: HTTP/2 pings a connection silent for 15 s and drops it.
func pingedStreamClient(dial func(ctx context.Context) (net.Conn, error)) *http.Client {
	tr := &http2.Transport{
		DialTLSContext: func(ctx context.Context, n, a string, _ *tls.Config) (net.Conn, error) {
			return dial(ctx)
		},
		ReadIdleTimeout: 15 * time.Second,
		PingTimeout:     5 * time.Second,
	}
	return &http.Client{Transport: tr}
}

// GOOD: the QUIC configuration drops a connection that hears nothing; its
// keep-alive is set after the literal.
func quicStreamClient(idle, keepAlive time.Duration) *http.Client {
	cfg := &quic.Config{MaxIncomingStreams: -1}
	cfg.MaxIdleTimeout = idle
	if keepAlive > 0 {
		cfg.KeepAlivePeriod = keepAlive
	}
	return &http.Client{Transport: &http3.Transport{QUICConfig: cfg}}
}

// GOOD: the tunnel's transport depends on the protocol; each watches its
// connections but the HTTP/1.1 one, which the client's other transports
// vouch for, as for a ResponseHeaderTimeout on one of them.
func tunnelClient(version int, idle time.Duration, dial func(ctx context.Context) (net.Conn, error)) *http.Client {
	var tr http.RoundTripper
	if version == 3 {
		tr = &http3.Transport{QUICConfig: &quic.Config{MaxIdleTimeout: idle, KeepAlivePeriod: idle / 2}}
	} else if version == 2 {
		tr = &http2.Transport{
			DialTLSContext: func(ctx context.Context, n, a string, _ *tls.Config) (net.Conn, error) {
				return dial(ctx)
			},
			ReadIdleTimeout: idle,
		}
	} else {
		tr = &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
			return dial(ctx)
		}}
	}
	return &http.Client{Transport: tr}
}

// timedConn closes itself when a read waits longer than a minute.
type timedConn struct{ net.Conn }

func (c *timedConn) Read(b []byte) (int, error) {
	t := time.AfterFunc(time.Minute, func() {
		_ = c.Close()
	})
	n, err := c.Conn.Read(b)
	if !t.Stop() {
		return n, errors.New("read idle")
	}
	return n, err
}

// GOOD: the dial wraps each connection in timedConn under TLS: the TLS
// reads go through the timed ones.
func timedTLSClient(cfg *tls.Config) *http.Client {
	dial := func(ctx context.Context, n, a string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		return &timedConn{Conn: c}, nil
	}
	return &http.Client{Transport: &http2.Transport{
		DialTLSContext: func(ctx context.Context, n, a string, _ *tls.Config) (net.Conn, error) {
			conn, err := dial(ctx, n, a)
			if err != nil {
				return nil, err
			}
			tc := tls.Client(conn, cfg)
			if err := tc.HandshakeContext(ctx); err != nil {
				conn.Close()
				return nil, err
			}
			return tc, nil
		},
	}}
}

// GOOD: the same wrapper under net/http's transport.
func timedPlainClient() *http.Client {
	return &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, n, a string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		return &timedConn{Conn: c}, nil
	}}}
}

// BAD: HTTP/2 without a ReadIdleTimeout never pings: a silent server holds
// the request.
func unpingedClient(cfg *tls.Config) *http.Client {
	tr := &http2.Transport{TLSClientConfig: cfg, IdleConnTimeout: time.Minute}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

// BAD: a ReadIdleTimeout of 0 turns the pings off.
func zeroPingClient() *http.Client {
	return &http.Client{Transport: &http2.Transport{ReadIdleTimeout: 0, PingTimeout: 5 * time.Second}} // want `http.Client has no Timeout`
}

// BAD: the TLS dial returns the dialled connection as it is.
func rawTLSClient(cfg *tls.Config) *http.Client {
	return &http.Client{Transport: &http2.Transport{ // want `http.Client has no Timeout`
		DialTLSContext: func(ctx context.Context, n, a string, _ *tls.Config) (net.Conn, error) {
			var d net.Dialer
			conn, err := d.DialContext(ctx, n, a)
			if err != nil {
				return nil, err
			}
			return tls.Client(conn, cfg), nil
		},
	}}
}

// loggedConn's timer only logs a slow read; nothing ends it.
type loggedConn struct{ net.Conn }

func (c *loggedConn) Read(b []byte) (int, error) {
	t := time.AfterFunc(time.Minute, func() { log.Print("slow read") })
	defer t.Stop()
	return c.Conn.Read(b)
}

// BAD: the wrapper's timer closes nothing.
func loggedClient() *http.Client {
	return &http.Client{Transport: &http2.Transport{ // want `http.Client has no Timeout`
		DialTLS: func(n, a string, cfg *tls.Config) (net.Conn, error) {
			c, err := tls.Dial(n, a, cfg)
			if err != nil {
				return nil, err
			}
			return &loggedConn{Conn: c}, nil
		},
	}}
}

// BAD: the QUIC configuration leaves the liveness fields out.
func quicDefaultClient() *http.Client {
	cfg := &quic.Config{MaxIncomingStreams: 100}
	return &http.Client{Transport: &http3.Transport{QUICConfig: cfg}} // want `http.Client has no Timeout`
}
