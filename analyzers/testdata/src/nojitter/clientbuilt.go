package nojitter

// A self-retrying client built and handed out by a constructor of the
// package: the Backoff the constructor chooses is the one every caller's
// request waits by, although no call of the client is in the package. A
// RetryMax out of reach (a field of the options) leaves the retries on:
// choosing a backoff says the client retries.

import (
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type builtOptions struct {
	retryMax int
	waitMax  time.Duration
	backoff  retryablehttp.Backoff
}

func NewBuiltClient(o *builtOptions) *retryablehttp.Client {
	cl := retryablehttp.NewClient()
	cl.RetryMax = o.retryMax
	cl.RetryWaitMax = o.waitMax
	cl.Backoff = retryablehttp.DefaultBackoff // want `go-retryablehttp client backs off without jitter: DefaultBackoff doubles the wait`
	return cl
}

func newBuiltLiteral() *retryablehttp.Client {
	return &retryablehttp.Client{RetryMax: 2, Backoff: retryablehttp.DefaultBackoff} // want `go-retryablehttp client backs off without jitter`
}

func newBuiltPair(o *builtOptions) (*retryablehttp.Client, error) {
	c := &retryablehttp.Client{RetryMax: o.retryMax}
	c.Backoff = retryablehttp.DefaultBackoff // want `go-retryablehttp client backs off without jitter`
	return c, nil
}

// Look-alikes: a jittered backoff, a backoff handed in (a func value out of
// reach), the library's default returned unchanged, retries turned off, and a
// client the constructor did not build (a parameter: its RetryMax is set
// elsewhere, out of sight).
func newBuiltJitter(o *builtOptions) *retryablehttp.Client {
	cl := retryablehttp.NewClient()
	cl.RetryMax = o.retryMax
	cl.Backoff = retryablehttp.LinearJitterBackoff
	return cl
}

func newBuiltOwnBackoff(o *builtOptions) *retryablehttp.Client {
	cl := retryablehttp.NewClient()
	cl.Backoff = o.backoff
	return cl
}

func newBuiltDefault(o *builtOptions) *retryablehttp.Client {
	cl := retryablehttp.NewClient()
	cl.RetryWaitMax = o.waitMax
	return cl
}

func newBuiltOff() *retryablehttp.Client {
	cl := retryablehttp.NewClient()
	cl.RetryMax = 0
	cl.Backoff = retryablehttp.DefaultBackoff
	return cl
}

func newBuiltLiteralOff() *retryablehttp.Client {
	return &retryablehttp.Client{Backoff: retryablehttp.DefaultBackoff}
}

func reconfigure(cl *retryablehttp.Client) *retryablehttp.Client {
	cl.Backoff = retryablehttp.DefaultBackoff
	return cl
}

// The same count out of reach at a call of the client.
func retryableCountOutOfReach(req *retryablehttp.Request, n int) error {
	c := retryablehttp.NewClient()
	c.RetryMax = n
	c.Backoff = retryablehttp.DefaultBackoff // want `go-retryablehttp client backs off without jitter`
	_, err := c.Do(req)
	return err
}
