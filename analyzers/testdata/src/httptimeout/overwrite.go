package httptimeout

import (
	"net/http"
	"time"
)

// An empty client that the caller's client is copied over whenever the
// caller brings one is a placeholder: the finding belongs where no client is
// brought.

// RegistryHost is filled by its caller.
type RegistryHost struct {
	Client *http.Client
	Host   string
}

type hostRequest struct{ host RegistryHost }

// GOOD: the caller's configured client replaces the placeholder.
func (r *hostRequest) send(req *http.Request) (*http.Response, error) {
	client := &http.Client{}
	if r.host.Client != nil {
		*client = *r.host.Client
	}
	if client.CheckRedirect == nil {
		client.CheckRedirect = func(*http.Request, []*http.Request) error { return nil }
	}
	return client.Do(req)
}

// GOOD: the same with a client parameter; the call that passes nil is the
// finding.
func sendWith(hc *http.Client, req *http.Request) (*http.Response, error) {
	client := &http.Client{}
	if hc != nil {
		*client = *hc
	}
	return client.Do(req)
}

func sendWithCallers(req *http.Request) {
	_, _ = sendWith(&http.Client{Timeout: time.Second}, req)
	_, _ = sendWith(nil, req) // want `nil client falls back to a new http.Client in sendWith`
}

var placeholderSource *http.Client

// BAD: the client copied over is the package's own, not a caller's.
func sendShared(req *http.Request) (*http.Response, error) {
	client := &http.Client{} // want `http.Client has no Timeout`
	if placeholderSource != nil {
		*client = *placeholderSource
	}
	return client.Do(req)
}

// BAD: the placeholder sends before the caller's client is copied over.
func sendFirst(hc *http.Client, req *http.Request) (*http.Response, error) {
	client := &http.Client{} // want `http.Client has no Timeout`
	if _, err := client.Do(req); err == nil {
		return nil, nil
	}
	if hc != nil {
		*client = *hc
	}
	return client.Do(req)
}
