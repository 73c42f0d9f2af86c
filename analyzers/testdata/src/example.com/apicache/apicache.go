// Package apicache is a client library whose constructors reach the server
// they build a handle for (an API discovery), as a Kubernetes cache or a
// controller manager does.
package apicache

import (
	"context"
	"errors"
	"net/http"
	"strings"
)

type Config struct{ Host string }

// Cache reads objects of the server.
type Cache interface {
	Get(key string) (string, error)
}

// Client writes objects to the server.
type Client struct{ cfg *Config }

// New discovers the server's API and builds a cache over it.
func New(cfg *Config) (Cache, error) {
	if err := discover(cfg); err != nil {
		return nil, err
	}
	return nil, nil
}

// NewClient discovers the server's API and builds a client of it.
func NewClient(cfg *Config) (*Client, error) {
	if err := discover(cfg); err != nil {
		return nil, err
	}
	return &Client{cfg: cfg}, nil
}

// Lookup reads one object's value.
func Lookup(cfg *Config, key string) (string, error) {
	if err := discover(cfg); err != nil {
		return "", err
	}
	return key, nil
}

// Upload sends data to the server.
func (c *Client) Upload(ctx context.Context, data string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://"+c.cfg.Host+"/upload", strings.NewReader(data))
	if err != nil {
		return err
	}
	return send(req)
}

func discover(cfg *Config) error {
	req, err := http.NewRequest(http.MethodGet, "https://"+cfg.Host+"/apis", nil)
	if err != nil {
		return err
	}
	return send(req)
}

func send(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}

// Manager runs controllers over a cache.
type Manager interface {
	Start(ctx context.Context) error
}

// NewManager is a package variable, as the alias of a constructor is.
var NewManager = newManager

func newManager(cfg *Config) (Manager, error) {
	if err := discover(cfg); err != nil {
		return nil, err
	}
	return nil, nil
}
