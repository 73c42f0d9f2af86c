package loops

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A redirect names another target: going round on it follows the server.

// A status test whose side holds only 3xx codes is no outcome test: the loop
// goes round on redirects, with the same request too, and retries nothing.
func roundOnRedirect(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 300 && resp.StatusCode < 400 {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("too many redirects")
}

// The same as a switch case.
func roundOnRedirectCase(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusFound, http.StatusTemporaryRedirect:
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("too many redirects")
}

// Look-alike: a side with 3xx and failures is a failure (">= 300" holds 404
// and 503 too).
func roundOnNot2xx(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ { // want `retry loop classified=false bounded=true max=5$`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 300 {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// Anything but 200 goes round, with the URL read from the failed response
// (through a value made from it): the input moves on, failover.
func roundToLocation(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for i := 0; i < 5; i++ { // want `retry loop classified=false bounded=true max=5 failover`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			loc, err := resp.Location()
			if err != nil {
				return nil, err
			}
			u = loc.String()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// A self-call whose parameter takes the Location on the way: no region.
func getFollowing(ctx context.Context, c *http.Client, u string, hops int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK && hops > 0 {
		resp.Body.Close()
		u = resp.Header.Get("Location")
		return getFollowing(ctx, c, u, hops-1)
	}
	return resp, nil
}

// Look-alike: the Location is taken on one way only; the other calls again
// with the URL it was given.
func getFollowingSometimes(ctx context.Context, c *http.Client, u string, hops int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK && hops > 0 {
		resp.Body.Close()
		if resp.Header.Get("Location") != "" {
			u = resp.Header.Get("Location")
		}
		return getFollowingSometimes(ctx, c, u, hops-1) // want `recursive retry classified=true bounded=true ctx=ctx$`
	}
	return resp, nil
}

// Look-alike: a redirect is followed, and a transport error calls again with
// the same URL and hop count: the region is that call, with no bound.
func getFollowingOrAgain(ctx context.Context, c *http.Client, u string, hops int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		time.Sleep(time.Second)
		return getFollowingOrAgain(ctx, c, u, hops) // want `recursive retry classified=false bounded=false wait=sleep/const`
	}
	if hops > 0 && resp.StatusCode == http.StatusMovedPermanently {
		resp.Body.Close()
		return getFollowingOrAgain(ctx, c, resp.Header.Get("Location"), hops-1)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, errors.New(resp.Status)
	}
	return resp, nil
}

// Look-alike: 5xx goes round, and so does a redirect after it; the 5xx
// check's success side goes round only through the redirect, which ends that
// attempt: the region stays.
func serverErrorOrRedirect(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ { // want `retry loop classified=true bounded=true max=5 wait=sleep/const$`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode == http.StatusTemporaryRedirect {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}
