package httptimeout

import (
	"context"
	"net"
	"net/http"
)

// A transport variable whose dial the function replaces with a unix-socket
// dial after building it (a clone of http.DefaultTransport): local IPC.

// GOOD: the clone dials only the socket.
func socketClient(sock string) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}
	return &http.Client{Transport: tr}
}

// GOOD: a literal without its own dial, given net.Dial("unix") after.
func socketClientLit(sock string) *http.Client {
	tr := &http.Transport{DisableCompression: true}
	tr.Dial = func(_, _ string) (net.Conn, error) { return net.Dial("unix", sock) }
	return &http.Client{Transport: tr}
}

// The replaced dial passes on the network it is given: the real network.
func passOnClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

// A unix socket client that also dials TCP (a TLS dial of its own).
func socketAndTCP(sock string) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}
	tr.DialTLSContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "tcp", addr)
	}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}

// A transport from elsewhere may have a TLS dial of its own.
func socketOnForeign(base *http.Transport, sock string) *http.Client {
	tr := base.Clone()
	tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}
	return &http.Client{Transport: tr} // want `http.Client has no Timeout`
}
