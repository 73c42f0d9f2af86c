package httptimeout

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// A converter that wraps a call's error in the package's own error type,
// func[T any](v T, err error) (T, E), hands back the request it was given as
// a must-style wrapper does: a client whose one send is of a request built
// inside it with a deadline (in a method of the same type, one away from
// where the client is built) is bounded.

type convErr interface {
	error
	Unwrap() error
}

type convWrapped struct{ err error }

func (e *convWrapped) Error() string { return e.err.Error() }

func (e *convWrapped) Unwrap() error { return e.err }

func convert01[T any](v T, err error) (T, convErr) {
	if err != nil {
		return v, &convWrapped{err}
	}
	return v, nil
}

func pairOf[T any](v T, err error) (T, *http.Request) { return v, nil }

type convClient struct {
	endpoint string
	hc       *http.Client
	timeout  time.Duration
}

// GOOD: the only send is of a request that carries a context with a deadline
// (a duration field set where the client is built).
func newConvClient(endpoint string, tr http.RoundTripper) *convClient {
	return &convClient{endpoint: endpoint, hc: &http.Client{Transport: tr}, timeout: 10 * time.Second}
}

func (c *convClient) post(body []byte) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	req, err := convert01(http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body)))
	if err != nil {
		return nil, err
	}
	res, err := convert01(c.hc.Do(req))
	if err != nil {
		return nil, err
	}
	return res, nil
}

// BAD: the same converter, but the request has no context.
type convBareClient struct {
	endpoint string
	hc       *http.Client
}

func newConvBareClient(endpoint string, tr http.RoundTripper) *convBareClient {
	return &convBareClient{endpoint: endpoint, hc: &http.Client{Transport: tr}} // want `http.Client has no Timeout`
}

func (c *convBareClient) get() (*http.Response, error) {
	req, err := convert01(http.NewRequest(http.MethodGet, c.endpoint, nil))
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// BAD: one send path has the deadline, the other sends a request whose
// generic's second result may be any request.
type convTwoPaths struct {
	endpoint string
	hc       *http.Client
	timeout  time.Duration
}

func newConvTwoPaths(endpoint string) *convTwoPaths {
	return &convTwoPaths{endpoint: endpoint, hc: &http.Client{}, timeout: time.Minute} // want `http.Client has no Timeout`
}

func (c *convTwoPaths) bounded() (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	req, err := convert01(http.NewRequestWithContext(ctx, http.MethodGet, c.endpoint, nil))
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

func (c *convTwoPaths) other(bounded *http.Request) (*http.Response, error) {
	_, req := pairOf(bounded, nil)
	return c.hc.Do(req)
}
