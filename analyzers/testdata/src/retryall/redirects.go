package retryall

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Following a redirect is not a retry: a 3xx answer asks for another target,
// which the response names (Location), so each round works on something else.

// Calls itself on a 301 with the URL the response names: quiet.
func followLocation(ctx context.Context, c *http.Client, u string, hops int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Transport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if hops > 0 && resp.StatusCode == http.StatusMovedPermanently {
		resp.Body.Close()
		return followLocation(ctx, c, resp.Header.Get("Location"), hops-1)
	}
	return resp, nil
}

// The parameter takes the Location before the call: quiet.
func followReassigned(ctx context.Context, c *http.Client, u string, hops int) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.Transport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if hops > 0 && resp.StatusCode == http.StatusMovedPermanently {
		resp.Body.Close()
		u = resp.Header.Get("Location")
		if u == "" {
			return nil, errors.New("redirect without Location")
		}
		resp, err = followReassigned(ctx, c, u, hops-1)
	}
	return resp, err
}

func resolveRef(base, ref string) string {
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	r, err := b.Parse(ref)
	if err != nil {
		return ref
	}
	return r.String()
}

// Anything but 200 is a failure here, but the next call asks for the target
// the response names, resolved against this one: quiet.
func followResolved(ctx context.Context, c *http.Client, u string, hops int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Transport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK && hops > 0 {
		resp.Body.Close()
		u = resolveRef(u, resp.Header.Get("Location"))
		return followResolved(ctx, c, u, hops-1)
	}
	return resp, nil
}

// A loop that goes round on the redirect codes with the named target: quiet.
func followLoopSwitch(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for hops := 0; hops < 10; hops++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := c.Transport.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
			http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
			resp.Body.Close()
			u = resp.Header.Get("Location")
			continue
		}
		return resp, nil
	}
	return nil, errors.New("too many redirects")
}

// The same with the status class: quiet.
func followLoopClass(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for hops := 0; hops < 10; hops++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := c.Transport.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 == 3 {
			resp.Body.Close()
			u = resp.Header.Get("Location")
			continue
		}
		return resp, nil
	}
	return nil, errors.New("too many redirects")
}

// Anything but 200 goes round, to the URL the response names: quiet.
func followLoopNotOK(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for hops := 0; hops < 10; hops++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := c.Transport.RoundTrip(req)
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
	return nil, errors.New("too many redirects")
}

// Look-alikes that retry the same attempt.

// Calls itself, same URL, on every transport error.
func fetchAgainSameURL(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		return fetchAgainSameURL(ctx, c, u) // want `recursive retry calls itself again on every error`
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	return resp, nil
}

// Follows a redirect, and also calls itself with the same URL on a transport
// error: that path is a retry.
func followAndRetry(ctx context.Context, c *http.Client, u string, hops int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Transport.RoundTrip(req)
	if err != nil {
		time.Sleep(time.Second)
		return followAndRetry(ctx, c, u, hops) // want `recursive retry calls itself again on every error`
	}
	if hops > 0 && resp.StatusCode == http.StatusMovedPermanently {
		resp.Body.Close()
		return followAndRetry(ctx, c, resp.Header.Get("Location"), hops-1)
	}
	return resp, nil
}

// A loop that follows redirects but goes round with the same URL on a
// transport error: the redirect ends an attempt as a failure would, so the
// loop still leaves on success, and the transport error is retried.
func followLoopAndRetry(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for hops := 0; hops < 20; hops++ { // want `retry loop retries every error alike`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := c.Transport.RoundTrip(req)
		if err != nil {
			time.Sleep(time.Second)
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

// Anything but 200 calls again with the same URL and the next attempt
// number: an attempt number makes no other attempt.
func notOKAttemptNumber(ctx context.Context, c *http.Client, u string, attempt int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK && attempt < 3 {
		resp.Body.Close()
		return notOKAttemptNumber(ctx, c, u, attempt+1) // want `recursive retry calls itself again on every error`
	}
	return resp, nil
}

// The parameter is reassigned from itself, not from the response: the same
// target again.
func notOKTrimmed(ctx context.Context, c *http.Client, u string, attempt int) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK && attempt < 3 {
		resp.Body.Close()
		u = strings.TrimSpace(u)
		return notOKTrimmed(ctx, c, u, attempt+1) // want `recursive retry calls itself again on every error`
	}
	return resp, nil
}

// A side that holds 3xx and 4xx/5xx codes is a failure test: the same URL
// goes round on a 404 as on a 301.
func atLeast300(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 20; attempt++ { // want `retry loop retries every error alike`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 300 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}
