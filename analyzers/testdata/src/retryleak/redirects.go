package retryleak

import (
	"context"
	"net/http"
)

// A redirect goes round to the URL it names with its body open, a 5xx is
// retried with the body closed: following the server is no retry, but the
// response is dropped on the way round all the same.
func followOpen(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 == 3 {
			u = resp.Header.Get("Location")
			continue // want `redirect response resp goes back to the next attempt without closing resp.Body: each redirect leaks a connection`
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			pause(attempt)
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// The same redirect closed on the way round: quiet.
func followClosed(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 == 3 {
			resp.Body.Close()
			u = resp.Header.Get("Location")
			continue
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			pause(attempt)
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}
