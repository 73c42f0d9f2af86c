// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp (v0.7.8) for
// analysistest. A Client retries RetryMax times (default 4, waits 1s..30s, jittered
// DefaultBackoff); RetryMax 0 means one attempt. NewClient's HTTPClient comes from
// cleanhttp.DefaultPooledClient, which has no Timeout. The package-level Get/Head/Post/
// PostForm use a default Client.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"time"
)

// ReaderFunc returns the body of a request, once per attempt.
type ReaderFunc func() (io.Reader, error)

// ResponseHandlerFunc handles a successful response.
type ResponseHandlerFunc func(*http.Response) error

// LenReader reports its length.
type LenReader interface {
	Len() int
}

// Request is an *http.Request with a rewindable body.
type Request struct {
	body            ReaderFunc
	responseHandler ResponseHandlerFunc
	*http.Request
}

func (r *Request) WithContext(ctx context.Context) *Request  { return r }
func (r *Request) SetResponseHandler(fn ResponseHandlerFunc) { r.responseHandler = fn }
func (r *Request) BodyBytes() ([]byte, error)                { return nil, nil }
func (r *Request) SetBody(rawBody interface{}) error         { return nil }
func (r *Request) WriteTo(w io.Writer) (int64, error)        { return 0, nil }

func FromRequest(r *http.Request) (*Request, error) { return &Request{Request: r}, nil }

func NewRequest(method, url string, rawBody interface{}) (*Request, error) {
	return NewRequestWithContext(context.Background(), method, url, rawBody)
}

func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	return &Request{Request: req}, nil
}

// Logger is a printf logger.
type Logger interface {
	Printf(string, ...interface{})
}

// LeveledLogger is a structured logger.
type LeveledLogger interface {
	Error(msg string, keysAndValues ...interface{})
	Info(msg string, keysAndValues ...interface{})
	Debug(msg string, keysAndValues ...interface{})
	Warn(msg string, keysAndValues ...interface{})
}

type RequestLogHook func(Logger, *http.Request, int)

type ResponseLogHook func(Logger, *http.Response)

// CheckRetry decides whether a response or error is retried.
type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

// Backoff returns the wait before attempt attemptNum.
type Backoff func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration

// ErrorHandler is called when the retries are exhausted.
type ErrorHandler func(resp *http.Response, err error, numTries int) (*http.Response, error)

// PrepareRetry is called before each retry.
type PrepareRetry func(req *http.Request) error

// Client is an HTTP client that retries.
type Client struct {
	HTTPClient *http.Client
	Logger     interface{}

	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	RetryMax     int

	RequestLogHook  RequestLogHook
	ResponseLogHook ResponseLogHook
	CheckRetry      CheckRetry
	Backoff         Backoff
	ErrorHandler    ErrorHandler
	PrepareRetry    PrepareRetry
}

func NewClient() *Client {
	return &Client{
		HTTPClient:   &http.Client{},
		RetryWaitMin: 1 * time.Second,
		RetryWaitMax: 30 * time.Second,
		RetryMax:     4,
		CheckRetry:   DefaultRetryPolicy,
		Backoff:      DefaultBackoff,
	}
}

func DefaultRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}

func ErrorPropagatedRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}

func DefaultBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func LinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func RateLimitLinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func PassthroughErrorHandler(resp *http.Response, err error, _ int) (*http.Response, error) {
	return resp, err
}

// Do sends req, retrying per CheckRetry/Backoff up to RetryMax times.
func (c *Client) Do(req *Request) (*http.Response, error) { panic("stub") }

func (c *Client) Get(url string) (*http.Response, error)  { panic("stub") }
func (c *Client) Head(url string) (*http.Response, error) { panic("stub") }
func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	panic("stub")
}
func (c *Client) PostForm(url string, data url.Values) (*http.Response, error) { panic("stub") }

// StandardClient returns an *http.Client whose transport retries through c.
func (c *Client) StandardClient() *http.Client {
	return &http.Client{Transport: &RoundTripper{Client: c}}
}

func Get(url string) (*http.Response, error)                              { panic("stub") }
func Head(url string) (*http.Response, error)                             { panic("stub") }
func Post(url, bodyType string, body interface{}) (*http.Response, error) { panic("stub") }
func PostForm(url string, data url.Values) (*http.Response, error)        { panic("stub") }

// RoundTripper is an http.RoundTripper that retries through Client.
type RoundTripper struct {
	Client *Client
}

func (rt *RoundTripper) RoundTrip(req *http.Request) (*http.Response, error) { panic("stub") }
