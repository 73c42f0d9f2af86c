// Package httpx builds the HTTP clients the shop uses for outbound calls.
package httpx

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// DefaultTimeout bounds a whole request: connect, headers and body.
const DefaultTimeout = 10 * time.Second

func transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 16
	return t
}

// New returns the client for request/response calls to other services.
func New() *http.Client {
	return &http.Client{ // GOOD: httptimeout
		Timeout:   DefaultTimeout,
		Transport: transport(),
	}
}

// NewWithTimeout returns a client with a caller-chosen timeout.
func NewWithTimeout(timeout time.Duration) *http.Client {
	c := &http.Client{Transport: transport()} // GOOD: httptimeout
	c.Timeout = timeout
	return c
}

// NewStreaming returns a client for long-lived event streams (server-sent events).
// Every stream is bounded by the context of its request instead of a client Timeout.
func NewStreaming() *http.Client {
	//retrylint:ignore httptimeout a client Timeout would cut the event stream; each request carries its own ctx
	return &http.Client{Transport: transport()} // SUPPRESSED: httptimeout
}

// Ping reports whether the service at url answers its health check.
func Ping(url string) error {
	resp, err := http.Get(url) // BAD: httptimeout
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health check %s: %s", url, resp.Status)
	}
	return nil
}

// PingContext is Ping with the caller's client and context.
func PingContext(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // GOOD: httptimeout
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health check %s: %s", url, resp.Status)
	}
	return nil
}
