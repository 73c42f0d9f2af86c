// Package startwait is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall fixedsleep nojitter
package startwait

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"time"
)

// A service's start-up that builds its client again and again until an
// elapsed-time limit runs out waits for its dependency to be ready: the
// constructor dials and handshakes, does no work, and every error it gives
// means "not up yet" (or a misconfiguration reported once the limit is
// reached). It is a readiness wait, as a ping under a deadline is. The same
// loop doing the work (an upload), building a client per request or per job
// of a worker, or with no limit at all, stays a retry.

type Config struct {
	Addr         string
	StartTimeout time.Duration
}

// Client is a handle on the server.
type Client struct{ base string }

// NewClient reaches the server and checks its version.
func NewClient(addr string) (*Client, error) {
	resp, err := http.Get("http://" + addr + "/version")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	return &Client{base: "http://" + addr}, nil
}

// DialContext reaches the server within ctx and checks its version.
func DialContext(ctx context.Context, addr string) (*Client, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/version", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	return &Client{base: "http://" + addr}, nil
}

// Upload sends data to the server.
func (c *Client) Upload(data []byte) error {
	resp, err := http.Post(c.base+"/upload", "application/octet-stream", bytes.NewReader(data))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}

// API is the handle an API client gives.
type API interface {
	Call(method string) error
}

func newAPIClient(cfg Config) (API, error) {
	c, err := NewClient(cfg.Addr)
	if err != nil {
		return nil, err
	}
	return apiClient{c}, nil
}

type apiClient struct{ c *Client }

func (a apiClient) Call(method string) error { return a.c.Upload([]byte(method)) }

// Quiet: build the client until it connects or the deadline passes.
func connect(cfg Config) (*Client, error) {
	deadline := time.Now().Add(cfg.StartTimeout)
	for {
		c, err := NewClient(cfg.Addr)
		if err == nil {
			return c, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("gave up: %w", err)
		}
		log.Printf("waiting for server: %v", err)
		time.Sleep(2 * time.Second)
	}
}

// Quiet: the same with the time spent since the start, and a growing wait.
func connectSince(cfg Config, limit time.Duration) (API, error) {
	start := time.Now()
	wait := time.Second
	for {
		api, err := newAPIClient(cfg)
		if err == nil {
			return api, nil
		}
		if time.Since(start) > limit {
			return nil, err
		}
		time.Sleep(wait)
		wait *= 2
	}
}

// Quiet: the same with a timer channel made before the loop.
func connectSelect(cfg Config) (API, error) {
	timeout := time.After(cfg.StartTimeout)
	for {
		api, err := newAPIClient(cfg)
		if err == nil {
			return api, nil
		}
		select {
		case <-timeout:
			return nil, fmt.Errorf("server not ready: %w", err)
		case <-time.After(2 * time.Second):
		}
	}
}

// Quiet: the same under a context with a timeout.
func dialWithin(addr string, limit time.Duration) (*Client, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	for {
		c, err := DialContext(ctx, addr)
		if err == nil {
			return c, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

// Look-alike: the loop does the work (an upload) under the same deadline.
func uploadWithin(c *Client, cfg Config, data []byte) error {
	deadline := time.Now().Add(cfg.StartTimeout)
	wait := time.Second
	for { // reports: retryall nojitter
		err := c.Upload(data)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("gave up: %w", err)
		}
		time.Sleep(wait)
		wait *= 2
	}
}

type server struct {
	cfg    Config
	client *Client
}

// Look-alike: a request handler builds a client for every request.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	deadline := time.Now().Add(s.cfg.StartTimeout)
	for { // reports: retryall fixedsleep
		c, err := NewClient(r.Host)
		if err == nil {
			s.client = c
			return
		}
		if time.Now().After(deadline) {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		time.Sleep(2 * time.Second)
	}
}

// Look-alike: a worker's loop builds a client for every job.
func (s *server) work(jobs <-chan Config) {
	for cfg := range jobs {
		deadline := time.Now().Add(cfg.StartTimeout)
		wait := time.Second
		for { // reports: retryall nojitter
			c, err := NewClient(cfg.Addr)
			if err == nil {
				s.client = c
				break
			}
			if time.Now().After(deadline) {
				break
			}
			time.Sleep(wait)
			wait *= 2
		}
	}
}

// Look-alike: no time limit and no count: a misconfiguration is retried for
// ever.
func connectForever(cfg Config) *Client {
	for { // reports: retryall fixedsleep
		c, err := NewClient(cfg.Addr)
		if err == nil {
			return c
		}
		log.Printf("waiting for server: %v", err)
		time.Sleep(2 * time.Second)
	}
}
