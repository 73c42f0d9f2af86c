package retrybody

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"time"
)

// A clone of the caller's request shares its body: once one send has read
// it, a later send of another clone carries the drained reader.

type tokenSource interface {
	Token(refresh bool) (string, error)
}

type authTransport struct {
	next   http.RoundTripper
	tokens tokenSource
}

// A 401 gets a new token and calls itself again with another clone.
func (t *authTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return t.roundTrip(req, false)
}

func (t *authTransport) roundTrip(req *http.Request, refreshed bool) (*http.Response, error) {
	tok, err := t.tokens.Token(refreshed)
	if err != nil {
		return nil, err
	}
	out := req.Clone(req.Context())
	out.Header.Set("Authorization", "Bearer "+tok)
	resp, err := t.next.RoundTrip(out)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized && !refreshed {
		resp.Body.Close()
		again := req.Clone(req.Context())
		return t.roundTrip(again, true) // want `request again, a clone of the caller's req, is sent after the send at line 35 consumed req's body: Clone and WithContext share the body, they do not copy it, so a request with a body goes out empty; set its Body from req.GetBody\(\) before sending it again, or do not send again a request whose body cannot be replayed`
	}
	return resp, nil
}

// The same in one function: the clone made for the second send.
func (t *authTransport) once(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req.Clone(req.Context()))
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	resp.Body.Close()
	if _, err := t.tokens.Token(true); err != nil {
		return nil, err
	}
	return t.next.RoundTrip(req.Clone(req.Context())) // want `a clone of the caller's request req is sent after the send at line 49 consumed`
}

// A clone made on each attempt of a retry loop.
func (t *authTransport) attempts(req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		r2 := req.WithContext(req.Context())
		resp, err := t.next.RoundTrip(r2) // want `request r2, a clone of the caller's req, is sent on every attempt of the retry loop, but the first send consumes req's body and Clone does not copy it`
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, lastErr
}

// ---- look-alikes ----

// The second clone gets its body anew from GetBody.
func (t *authTransport) rewinding(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req.Clone(req.Context()))
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	resp.Body.Close()
	again := req.Clone(req.Context())
	if req.GetBody != nil {
		if again.Body, err = req.GetBody(); err != nil {
			return nil, err
		}
	}
	return t.next.RoundTrip(again)
}

// Each clone gets a fresh reader over bytes the function kept.
func (t *authTransport) freshReader(req *http.Request, payload []byte) (*http.Response, error) {
	first := req.Clone(req.Context())
	first.Body = io.NopCloser(bytes.NewReader(payload))
	resp, err := t.next.RoundTrip(first)
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	resp.Body.Close()
	again := req.Clone(req.Context())
	again.Body = http.NoBody
	return t.next.RoundTrip(again)
}

// Only a request without a body is sent again: the method says so.
func (t *authTransport) getOnly(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req.Clone(req.Context()))
	if err != nil || resp.StatusCode != http.StatusUnauthorized || req.Method != http.MethodGet {
		return resp, err
	}
	resp.Body.Close()
	return t.next.RoundTrip(req.Clone(req.Context()))
}

// The two sends exclude each other.
func (t *authTransport) either(req *http.Request, fresh bool) (*http.Response, error) {
	if fresh {
		return t.next.RoundTrip(req.Clone(req.Context()))
	}
	out := req.Clone(context.Background())
	return t.next.RoundTrip(out)
}

// A request the function builds itself without a body, cloned twice.
func (t *authTransport) probe(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := t.next.RoundTrip(req.Clone(ctx))
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	resp.Body.Close()
	return t.next.RoundTrip(req.Clone(ctx))
}

// A closure gets the request: what it does is out of reach.
func (t *authTransport) handedOn(req *http.Request, hook func(func() *http.Request)) (*http.Response, error) {
	hook(func() *http.Request { return req })
	resp, err := t.next.RoundTrip(req.Clone(req.Context()))
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	resp.Body.Close()
	return t.next.RoundTrip(req.Clone(req.Context()))
}
