// Package retryleak holds retries whose failure path drops a response without
// closing its body, and the look-alikes that must stay quiet.
package retryleak

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

var errUnavailable = errors.New("unavailable")

func pause(attempt int) { time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond) }

// A 5xx continues the loop with the body open.
func continueOpen(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(url)
		if err != nil {
			pause(attempt)
			continue
		}
		if resp.StatusCode >= 500 {
			pause(attempt)
			continue // want `failed response resp goes back to the next attempt without closing resp.Body: each failed attempt leaks a connection; close it \(drain it first to reuse the connection\) before retrying`
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// The error and the status are checked together; reading the status and a
// header is not taking care of the body.
func joinedCheck(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil || retryableStatus(resp.StatusCode) {
			if resp != nil && resp.Header.Get("Retry-After") != "" {
				pause(attempt)
			}
			pause(attempt)
			continue // want `failed response resp goes back to the next attempt without closing resp.Body`
		}
		return resp, nil
	}
	return nil, errUnavailable
}

func retryableStatus(code int) bool { return code == http.StatusTooManyRequests || code >= 500 }

// retryDo is the package's retry helper (an inferred wrapper): its callers'
// closures are retry callbacks.
func retryDo(ctx context.Context, op func() error) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(); err == nil || !errors.Is(err, errUnavailable) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
	return err
}

// A backoff callback returns an error for a failed status without closing.
func callbackOpen(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d: %w", resp.StatusCode, errUnavailable) // want `failed response resp returns to the retry for the next attempt without closing resp.Body`
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Not reported: the error is permanent, backoff does not try again (the leak is
// bodyclose's to find, not a path back to the next attempt).
func callbackPermanent(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Not reported: the package's retry helper retries only errUnavailable; whether
// this error goes back to another attempt is the helper's decision.
func classifyingHelper(ctx context.Context, c *http.Client, req *http.Request) error {
	return retryDo(ctx, func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return resp.Body.Close()
	})
}

// Not reported: the body is closed on the failure path.
func closedDirectly(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(url)
		if err != nil {
			pause(attempt)
			continue
		}
		if resp.StatusCode >= 500 {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			pause(attempt)
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: a package helper that gets the response closes it.
func closedByHelper(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(url)
		if err != nil {
			pause(attempt)
			continue
		}
		if resp.StatusCode >= 500 {
			discard(resp)
			pause(attempt)
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

func discard(resp *http.Response) {
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

// Not reported: the close is deferred in the per-attempt callback.
func deferredInCallback(ctx context.Context, c *http.Client, req *http.Request) error {
	return retryDo(ctx, func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d: %w", resp.StatusCode, errUnavailable)
		}
		return nil
	})
}

// Not reported: the failed response is handed to the caller.
func handedToCaller(c *http.Client, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.Get(url)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if attempt == 2 {
			return resp, err
		}
		pause(attempt)
	}
	return resp, err
}

// Not reported: a success check whose branch leaves the loop is no failure path.
func successBreaks(c *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(url)
		if err != nil {
			pause(attempt)
			continue
		}
		if resp.StatusCode == http.StatusOK {
			return resp.Body.Close()
		}
		resp.Body.Close()
		pause(attempt)
	}
	return errUnavailable
}

// Not reported: the continue belongs to an inner loop, not to the retry.
func innerLoop(c *http.Client, urls []string) error {
	for attempt := 0; attempt < 3; attempt++ {
		failed := 0
		for _, u := range urls {
			resp, err := c.Get(u)
			if err != nil {
				failed++
				continue
			}
			if resp.StatusCode >= 500 {
				failed++
				resp.Body.Close()
				continue
			}
			resp.Body.Close()
		}
		if failed == 0 {
			return nil
		}
		pause(attempt)
	}
	return errUnavailable
}
