// Package sdk stands in for a cloud SDK that takes an HTTP client.
package sdk

import "net/http"

type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

type Options struct {
	HTTPClient *http.Client
	Transport  Doer
}

type Client struct{ opts Options }

func New(o Options) *Client { return &Client{opts: o} }

func NewWithClient(c *http.Client) *Client { return &Client{opts: Options{HTTPClient: c}} }

// Send sends through the client it is given and returns only the response.
func Send(c *http.Client, req *http.Request) (*http.Response, error) { return c.Do(req) }

// Option configures a Client built by NewWithOptions.
type Option func(*Options)

// WithHTTPClient is an option function: it keeps the client it is given.
func WithHTTPClient(c *http.Client) Option { return func(o *Options) { o.HTTPClient = c } }

func NewWithOptions(opts ...Option) *Client { return &Client{} }
