// Package minio stands in for minio-go's client: New copies MaxRetry into
// the client unless Options.MaxRetries is above 0, and every request is tried
// that many times.
package minio

import (
	"context"
	"net/http"

	"github.com/minio/minio-go/v7/pkg/credentials"
)

// MaxRetry is the number of tries New gives a client.
var MaxRetry = 10

type Options struct {
	Creds      *credentials.Credentials
	Secure     bool
	Transport  http.RoundTripper
	MaxRetries int
}

type Client struct{ maxRetries int }

func New(endpoint string, opts *Options) (*Client, error) {
	c := &Client{maxRetries: MaxRetry}
	if opts.MaxRetries > 0 {
		c.maxRetries = opts.MaxRetries
	}
	return c, nil
}

type GetObjectOptions struct{}
type StatObjectOptions struct{}
type ObjectInfo struct{ Size int64 }

func (c *Client) FGetObject(ctx context.Context, bucket, object, path string, opts GetObjectOptions) error {
	return nil
}

func (c *Client) StatObject(ctx context.Context, bucket, object string, opts StatObjectOptions) (ObjectInfo, error) {
	return ObjectInfo{}, nil
}

// EndpointURL makes no request.
func (c *Client) EndpointURL() string { return "" }
