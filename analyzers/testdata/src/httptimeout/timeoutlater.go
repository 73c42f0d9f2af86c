package httptimeout

import (
	"net/http"
	"time"
)

// A constructor that builds its client without a Timeout inside a struct
// literal, runs option functions on the struct, and then sets the Timeout
// through the same field path (h.hc.Timeout = ...) on every path before it
// returns the struct or sends with it, bounds the client: an option that
// replaced the client gets the Timeout too. Set only on one branch, after a
// send, after a return of the struct, or from a field the package never sets
// (always 0), it bounds nothing.

type lateAPI struct {
	hc      *http.Client
	timeout time.Duration
	debug   bool
}

// LateOption configures a lateAPI.
type LateOption func(*lateAPI)

// WithLateTimeout sets the request timeout (0: none, the caller's choice).
func WithLateTimeout(d time.Duration) LateOption { return func(a *lateAPI) { a.timeout = d } }

// WithLateClient replaces the HTTP client.
func WithLateClient(hc *http.Client) LateOption { return func(a *lateAPI) { a.hc = hc } }

// GOOD: the options run, then the Timeout is set on whichever client is there.
func NewLateAPI(opts ...LateOption) *lateAPI {
	a := &lateAPI{hc: &http.Client{}, timeout: 5 * time.Second}
	for _, o := range opts {
		o(a)
	}
	a.hc.Timeout = a.timeout
	return a
}

func (a *lateAPI) get(url string) error {
	resp, err := a.hc.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD: the Timeout is set only when debugging.
func NewLateAPIOneBranch(debug bool) *lateAPI {
	a := &lateAPI{hc: &http.Client{}, debug: debug} // want `http.Client has no Timeout`
	if a.debug {
		a.hc.Timeout = time.Minute
	}
	return a
}

// BAD: the constructor sends before it sets the Timeout.
func NewLateAPIProbed(url string) (*lateAPI, error) {
	a := &lateAPI{hc: &http.Client{}} // want `http.Client has no Timeout`
	if _, err := a.hc.Get(url); err != nil {
		return nil, err
	}
	a.hc.Timeout = time.Minute
	return a, nil
}

// BAD: one path returns the struct before the Timeout is set.
func NewLateAPIEarly(fast bool) *lateAPI {
	a := &lateAPI{hc: &http.Client{}} // want `http.Client has no Timeout`
	if fast {
		return a
	}
	a.hc.Timeout = time.Minute
	return a
}

type unsetTimeoutAPI struct {
	hc      *http.Client
	timeout time.Duration
}

// BAD: timeout is never given a value, so the Timeout set from it is 0.
func newUnsetTimeoutAPI() *unsetTimeoutAPI {
	a := &unsetTimeoutAPI{hc: &http.Client{}} // want `http.Client has no Timeout`
	a.hc.Timeout = a.timeout
	return a
}

func (a *unsetTimeoutAPI) get(url string) error {
	resp, err := a.hc.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
