// Package retryafter holds retries of throttling answers that ignore the
// Retry-After header, and the look-alikes that must stay quiet.
package retryafter

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"
)

var errUnavailable = errors.New("unavailable")

func jittered(attempt int) time.Duration {
	return rand.N(min(100*time.Millisecond<<attempt, 5*time.Second))
}

// 429 and 5xx are retried on the loop's own schedule.
func ownSchedule(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 { // want `429 Too Many Requests and 503 Service Unavailable are retried without reading the Retry-After header: wait as long as the server asks \(capped\) before the next attempt, and fall back to the backoff when the header is missing`
			resp.Body.Close()
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(jittered(attempt)):
			}
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Only 503 is retried.
func only503(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable { // want `503 Service Unavailable is retried without reading the Retry-After header`
			resp.Body.Close()
			time.Sleep(jittered(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// retryDo is the package's retry helper (an inferred wrapper).
func retryDo(ctx context.Context, op func() error) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(); err == nil || !errors.Is(err, errUnavailable) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(jittered(attempt)):
		}
	}
	return err
}

// A backoff callback returns an error for 429: backoff waits its own schedule.
func callback429(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests { // want `429 Too Many Requests is retried without reading the Retry-After header`
			return fmt.Errorf("throttled: %w", errUnavailable)
		}
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Not reported: a 429 is a permanent error here.
func callbackPermanent429(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			return backoff.Permanent(errUnavailable)
		}
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Not reported: the header is read on the failure path.
func honoursHeader(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			wait := jittered(attempt)
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
				wait = min(time.Duration(s)*time.Second, time.Minute)
			}
			resp.Body.Close()
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(wait):
			}
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

const headerRetryAfter = "Retry-After"

// retryAfter reads the server's advice, capped.
func retryAfter(resp *http.Response, fallback time.Duration) time.Duration {
	if s, err := strconv.Atoi(resp.Header.Get(headerRetryAfter)); err == nil {
		return min(time.Duration(s)*time.Second, time.Minute)
	}
	return fallback
}

// Not reported: a helper of the package reads the header (through a constant).
func honoursViaHelper(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			wait := retryAfter(resp, jittered(attempt))
			resp.Body.Close()
			time.Sleep(wait)
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: 500 and 502 are no throttling answers.
func serverErrorsOnly(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusInternalServerError || resp.StatusCode == http.StatusBadGateway {
			resp.Body.Close()
			time.Sleep(jittered(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: a 429 gives up (the branch leaves the retry).
func giveUpOn429(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			return nil, errUnavailable
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: a predicate decides; its codes are unknown here.
func predicate(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if isRetryable(resp.StatusCode) {
			resp.Body.Close()
			time.Sleep(jittered(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

func isRetryable(code int) bool { return code == http.StatusTooManyRequests || code >= 500 }
