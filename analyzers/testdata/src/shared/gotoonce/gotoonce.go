// Package gotoonce is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry
package gotoonce

import (
	"context"
	"errors"
	"net/http"
)

// A goto loop reads a once-flag as a for loop does: a bool declared false
// before the label, set true only inside an if that requires it false, on
// every way back to the label. The label then runs at most twice: the first
// failure (here: switch to a client with credentials) sets the flag, the
// second finds it set and leaves. A goto with no flag, or with a flag that
// is cleared again before going back, goes round on every failure.

type client struct{ hc *http.Client }

func (c *client) fetch(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, errors.New(resp.Status)
	}
	return resp, nil
}

func withToken(token string) *client {
	if token == "" {
		return nil
	}
	return &client{hc: &http.Client{}}
}

// Quiet: on a failure it switches to a client with a token and tries once
// more.
func get(ctx context.Context, c *client, url, token string) (*http.Response, error) {
	var retried bool
again:
	resp, err := c.fetch(ctx, url)
	if err != nil {
		if c = withToken(token); c != nil && !retried {
			retried = true
			goto again
		}
		return nil, err
	}
	return resp, nil
}

// Quiet: the flag declared with a value, tested on its own.
func getPlain(ctx context.Context, c *client, url string) (*http.Response, error) {
	tried := false
again:
	resp, err := c.fetch(ctx, url)
	if err != nil && !tried {
		tried = true
		goto again
	}
	return resp, err
}

// Look-alike: no flag, it goes back on every failure.
func getForever(ctx context.Context, c *client, url string) *http.Response {
again: // reports: retryall unboundedretry
	resp, err := c.fetch(ctx, url)
	if err != nil {
		goto again
	}
	return resp
}

// Look-alike: the flag is cleared at the top of every round, so the test
// always finds it false. (unboundedretry takes any flag the loop sets and
// tests for a cap, Bound.OnceMore: a flag also cleared on success bounds the
// failures in a row.)
func getCleared(ctx context.Context, c *client, url string) *http.Response {
	retried := false
again: // reports: retryall
	retried = false
	resp, err := c.fetch(ctx, url)
	if err != nil && !retried {
		retried = true
		goto again
	}
	return resp
}

// Look-alike: the flag is set, but the jump back does not wait for it.
func getUnguarded(ctx context.Context, c *client, url string) *http.Response {
	tried := false
again: // reports: retryall unboundedretry
	resp, err := c.fetch(ctx, url)
	if err != nil {
		if !tried {
			tried = true
		}
		goto again
	}
	return resp
}
