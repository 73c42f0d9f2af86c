package retryall

import (
	"errors"
	"net/http"
	"time"
)

// Success tests that join the error with the status code.

// Transport errors and 5xx are retried, a 4xx is returned: classified.
func errAndNotServerError(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, errors.New("unavailable")
}

func retryableCode(code int) bool { return code == http.StatusTooManyRequests || code >= 500 }

// A predicate over the status code decides: classified.
func errOrRetryableCode(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil || retryableCode(resp.StatusCode) {
			time.Sleep(time.Duration(attempt) * time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

// Only 2xx leaves: a 400 or 403 is retried like a 503.
func errAndStatusClass(c *http.Client, req *http.Request) (resp *http.Response, err error) {
	for attempt := 0; attempt < 20; attempt++ { // want `retry loop retries every error alike`
		resp, err = c.Do(req)
		if err == nil && resp.StatusCode/100 == 2 {
			break
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return resp, err
}

// A range check for 2xx is the same.
func errAndRange(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 20; attempt++ { // want `retry loop retries every error alike`
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, errors.New("unavailable")
}

// A switch that sends errors and 5xx round and returns the rest: classified.
func switchOnOutcome(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		switch {
		case err != nil:
		case resp.StatusCode >= 500:
			resp.Body.Close()
		default:
			return resp, nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, errors.New("unavailable")
}

// Anything but 200 goes round.
func notOK(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 20; attempt++ { // want `retry loop retries every error alike`
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}
