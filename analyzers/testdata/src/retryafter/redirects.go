package retryafter

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Follows redirects to the URL the response names, and goes round on 503
// with the same request: the 503 is a retry that ignores the header, the
// redirect is no retry at all.
func followOrWait(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusMovedPermanently, http.StatusFound:
			resp.Body.Close()
			u = resp.Header.Get("Location")
			continue
		case http.StatusServiceUnavailable: // want `503 Service Unavailable is retried without reading the Retry-After header`
			resp.Body.Close()
			time.Sleep(jittered(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// The same with the 503 tested first: its success side goes round through the
// redirect, which is no success going round (the attempt ended there).
func waitOrFollow(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable { // want `503 Service Unavailable is retried without reading the Retry-After header`
			resp.Body.Close()
			time.Sleep(jittered(attempt))
			continue
		}
		if resp.StatusCode/100 == 3 {
			resp.Body.Close()
			u = resp.Header.Get("Location")
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}
