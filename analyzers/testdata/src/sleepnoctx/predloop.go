package sleepnoctx

import (
	"context"
	"math/rand"
	"net/http"
	"time"
)

// A loop that goes round while a predicate of the response says "retry" and
// leaves on anything else: the predicate is the failure test.

type requestConfig struct {
	Request    *http.Request
	MaxRetries int
}

// shouldRetry: no response is a connection error; some statuses are worth another go.
func shouldRetry(req *http.Request, res *http.Response) bool {
	if res == nil {
		return true
	}
	return res.StatusCode == 429 || res.StatusCode >= 500
}

// retryDelay grows with the attempt, jittered, honouring Retry-After.
func retryDelay(res *http.Response, attempt int) time.Duration {
	if res != nil {
		if s := res.Header.Get("Retry-After"); s != "" {
			if d, err := time.ParseDuration(s + "s"); err == nil {
				return d
			}
		}
	}
	d := time.Duration(1<<attempt) * 500 * time.Millisecond
	return d + time.Duration(rand.Int63n(int64(d)/4+1))
}

func execute(ctx context.Context, cfg *requestConfig, handler func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; retryCount <= cfg.MaxRetries; retryCount += 1 { // want `time.Sleep between retry attempts ignores cancellation`
		req := cfg.Request.Clone(ctx)
		res, err = handler(req)
		if ctx != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !shouldRetry(cfg.Request, res) || retryCount >= cfg.MaxRetries {
			break
		}
		if res != nil && res.Body != nil {
			res.Body.Close()
		}
		time.Sleep(retryDelay(res, retryCount))
	}
	return res, err
}

// Look-alike: the wait is a select on ctx.Done().
func executeSelect(ctx context.Context, cfg *requestConfig, handler func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; retryCount <= cfg.MaxRetries; retryCount += 1 {
		res, err = handler(cfg.Request.Clone(ctx))
		if !shouldRetry(cfg.Request, res) || retryCount >= cfg.MaxRetries {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(retryDelay(res, retryCount)):
		}
	}
	return res, err
}

// Look-alike: the context is checked after each attempt and the wait lasts
// at most 100 ms: a cancellation goes unnoticed for 100 ms at most.
func executeShort(ctx context.Context, cfg *requestConfig, handler func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; retryCount <= cfg.MaxRetries; retryCount += 1 {
		res, err = handler(cfg.Request.Clone(ctx))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !shouldRetry(cfg.Request, res) || retryCount >= cfg.MaxRetries {
			break
		}
		time.Sleep(min(retryDelay(res, retryCount), 100*time.Millisecond))
	}
	return res, err
}

// Look-alike: the predicate is asked, but the loop goes round on both answers
// (a poll that counts retryable answers): no failure test leaves on success.
func pollRetryable(ctx context.Context, req *http.Request, handler func(*http.Request) (*http.Response, error)) int {
	seen := 0
	for {
		res, _ := handler(req.Clone(ctx))
		if ctx.Err() != nil {
			return seen
		}
		if !shouldRetry(req, res) {
			seen++
		}
		time.Sleep(time.Minute)
	}
}

// Look-alike: a predicate that skips items of a range is a filter, not a retry.
func wanted(res *http.Response) bool { return res.StatusCode == 200 }

func retryable(res *http.Response) bool { return res.StatusCode >= 500 }

func sendAll(reqs []*http.Request, handler func(*http.Request) (*http.Response, error)) {
	for _, req := range reqs {
		res, _ := handler(req)
		if !wanted(res) {
			continue
		}
		time.Sleep(20 * time.Second)
	}
	for _, req := range reqs {
		res, _ := handler(req)
		if !retryable(res) {
			continue
		}
		time.Sleep(20 * time.Second)
	}
}
