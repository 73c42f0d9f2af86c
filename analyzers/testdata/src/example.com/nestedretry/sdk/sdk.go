// Package sdk is a client library whose functions retry on their own.
package sdk

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// get stands for the library's request to its service.
func get(context.Context) error { net.Dial("tcp", "service.internal:80"); return nil }

// Fetch retries up to 4 times.
func Fetch(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// Plain does not retry.
func Plain(ctx context.Context) error { return get(ctx) }

// Client wraps a retrying HTTP client.
type Client struct{ hc *retryablehttp.Client }

// New returns a Client with go-retryablehttp's defaults.
func New() *Client { return &Client{hc: retryablehttp.NewClient()} }

// Get retries through go-retryablehttp.
func (c *Client) Get(url string) error {
	resp, err := c.hc.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return errors.New(resp.Status)
	}
	return nil
}
