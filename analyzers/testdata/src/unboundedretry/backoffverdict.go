package unboundedretry

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A backoff of the package that waits and says stop by returning an error of
// its own (after asking a func value for the next delay, or counting): the
// loop that leaves when it errs is bounded by that verdict, like
// `d, ok := b.Next(); if !ok`.

var errNoMoreRetries = errors.New("no more retries")

type retryPacer struct {
	next func(n int, res *http.Response) time.Duration
	n    int
}

func (p *retryPacer) backoff(ctx context.Context, res *http.Response) error {
	d := p.next(p.n, res)
	if d <= 0 {
		return errNoMoreRetries
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// GOOD: the backoff's error, tested through an init statement, ends the loop.
func postPaced(ctx context.Context, c *http.Client, req *http.Request, p *retryPacer) (*http.Response, error) {
	for {
		res, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if res.StatusCode < 500 {
			return res, nil
		}
		res.Body.Close()
		p.n++
		if err := p.backoff(ctx, res); err != nil {
			return nil, err
		}
	}
}

// GOOD: the same verdict tested in the condition itself.
func getPacedVerdict(ctx context.Context, c *http.Client, req *http.Request, p *retryPacer) (*http.Response, error) {
	for {
		res, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if res.StatusCode < 500 {
			return res, nil
		}
		res.Body.Close()
		p.n++
		if p.backoff(ctx, res) != nil {
			return nil, errors.New("gave up")
		}
	}
}

// Look-alike: the loop ignores the backoff's verdict.
func postIgnoringVerdict(ctx context.Context, c *http.Client, req *http.Request, p *retryPacer) *http.Response {
	for { // want `retry loop has no attempt limit and no deadline`
		res, err := c.Do(req.WithContext(ctx))
		if err == nil && res.StatusCode < 500 {
			return res
		}
		if res != nil {
			res.Body.Close()
		}
		_ = p.backoff(ctx, res)
	}
}

type ctxSleeper struct{ d time.Duration }

// sleep errs only when ctx is done: it never says stop by itself.
func (s *ctxSleeper) sleep(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(s.d):
		return nil
	}
}

// GOOD: a wait whose only error is the context's ends the loop with the
// caller's context: the caller's bound.
func getSleeping(ctx context.Context, c *http.Client, req *http.Request, s *ctxSleeper) (*http.Response, error) {
	for {
		res, err := c.Do(req.WithContext(ctx))
		if err == nil && res.StatusCode < 500 {
			return res, nil
		}
		if res != nil {
			res.Body.Close()
		}
		if err := s.sleep(ctx); err != nil {
			return nil, err
		}
	}
}
