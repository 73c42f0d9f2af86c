package retryall

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

// A forwarding wrapper whose attempt limit is its owner's field: each call
// retries as often as the user configured, not as the code chose, so its
// callers' budgets are declared elsewhere too.
type fieldRetrier struct{ retryCount int }

func newFieldRetrier(count int) *fieldRetrier { return &fieldRetrier{retryCount: count} }

func (r *fieldRetrier) retry(fn func() error) error {
	if r.retryCount == 0 {
		return fn()
	}
	var bo backoff.BackOff = backoff.NewExponentialBackOff()
	if r.retryCount > 0 {
		bo = backoff.WithMaxRetries(bo, uint64(r.retryCount+1))
	}
	return backoff.Retry(func() error { return fn() }, bo)
}

// GOOD: as often as the user configured.
func (r *fieldRetrier) fetchDoc() error {
	return r.retry(func() error { return send() })
}

// A loop wrapper counting to its owner's field.
func (r *fieldRetrier) loopRetry(fn func() error) error {
	var err error
	for i := 0; i < r.retryCount; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// GOOD: the same budget, counted by hand.
func (r *fieldRetrier) putDoc() error {
	return r.loopRetry(func() error { return send() })
}

// A look-alike whose limit the code fixes: every call costs 30 attempts.
type fixedRetrier struct{}

func (fixedRetrier) retry(fn func() error) error {
	bo := backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 30)
	return backoff.Retry(func() error { return fn() }, bo)
}

// BAD: 30 attempts of a permanent error.
func (f fixedRetrier) fetchDoc() error {
	return f.retry(func() error { return send() }) // want `retry retries every error`
}

func (fixedRetrier) loopRetry(fn func() error) error {
	var err error
	for i := 0; i < 30; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// BAD: the same 30 attempts, counted by hand.
func (f fixedRetrier) putDoc() error {
	return f.loopRetry(func() error { return send() }) // want `loopRetry retries every error`
}
