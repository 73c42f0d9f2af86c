// Package reqsend sends with the client its callers hand it: each function
// builds one request and sends it (retryscope.SendsClient says how it is
// bounded, read in reqsenduse).
package reqsend

import (
	"context"
	"net/http"
	"time"
)

// Doer sends one request.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Lookup builds its request from its caller's context: bounded when the
// caller's context is.
func Lookup(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ReadDoc gives its request a deadline of its own.
func ReadDoc(c Doer, id string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://docs.invalid/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ReadPlain builds its request without a context: nothing bounds it.
func ReadPlain(c Doer) error {
	req, err := http.NewRequest(http.MethodGet, "https://docs.invalid/plain", nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ReadBackground builds its request from context.Background() and no
// deadline: nothing bounds it either.
func ReadBackground(c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Keep hands the client on: what becomes of it is out of reach (no fact).
func Keep(ctx context.Context, c *http.Client, keep func(*http.Client)) {
	keep(c)
}
