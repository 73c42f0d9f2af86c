// Package http2 is a stub of golang.org/x/net/http2 (reduced: the client
// Transport's dial and liveness fields).
package http2

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"time"
)

type Transport struct {
	DialTLSContext     func(ctx context.Context, network, addr string, cfg *tls.Config) (net.Conn, error)
	DialTLS            func(network, addr string, cfg *tls.Config) (net.Conn, error)
	TLSClientConfig    *tls.Config
	AllowHTTP          bool
	DisableCompression bool
	ReadIdleTimeout    time.Duration
	PingTimeout        time.Duration
	WriteByteTimeout   time.Duration
	IdleConnTimeout    time.Duration
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) { panic("stub") }

func (t *Transport) CloseIdleConnections() {}

func ConfigureTransports(t1 *http.Transport) (*Transport, error) { panic("stub") }
