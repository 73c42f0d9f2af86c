package retryafter

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"
)

var errThrottled = errors.New("throttled")

// pause waits d or until ctx ends.
func pause(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// A switch sends 429 and 503 round at once when the header is present: its
// value never becomes a wait (the loop waits only after a transport error).
func switchPresence(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			if err := pause(ctx, time.Second); err != nil {
				return nil, err
			}
			continue
		}
		switch resp.StatusCode {
		case http.StatusOK:
			return resp, nil
		case http.StatusTooManyRequests, http.StatusServiceUnavailable: // want `429 Too Many Requests and 503 Service Unavailable are retried at once: the Retry-After header is only tested for presence and no wait comes before the next attempt \(line 45\); wait as long as its value asks \(capped\)`
			resp.Body.Close()
			retryAfter := resp.Header.Get("Retry-After")
			if retryAfter != "" {
				continue
			}
			return nil, errThrottled
		}
		resp.Body.Close()
		return nil, errUnavailable
	}
	return nil, errUnavailable
}

// The if form: the header is tested for presence, then the loop goes round.
func ifPresence(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests { // want `429 Too Many Requests is retried at once: the Retry-After header is only tested for presence`
			resp.Body.Close()
			if resp.Header.Get("Retry-After") == "" {
				return nil, errThrottled
			}
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// A case of a switch retried on the loop's schedule, the header never read.
func switchNoHeader(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		switch resp.StatusCode {
		case http.StatusServiceUnavailable: // want `503 Service Unavailable is retried without reading the Retry-After header`
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

// Not reported: the value is parsed and slept (if form).
func ifParsed(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
			if err != nil {
				return nil, errThrottled
			}
			if err := pause(ctx, min(time.Duration(s)*time.Second, time.Minute)); err != nil {
				return nil, err
			}
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: the value is parsed and slept (switch form).
func switchParsed(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			resp.Body.Close()
			if ra := resp.Header.Get("Retry-After"); ra != "" {
				if s, err := strconv.Atoi(ra); err == nil {
					time.Sleep(min(time.Duration(s)*time.Second, time.Minute))
					continue
				}
			}
			return nil, errThrottled
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// waitAsAsked sleeps as long as the header asks, capped.
func waitAsAsked(ctx context.Context, retryAfter string) error {
	s, err := strconv.Atoi(retryAfter)
	if err != nil {
		return err
	}
	return pause(ctx, min(time.Duration(s)*time.Second, time.Minute))
}

// Not reported: the value is handed to a helper of the package that sleeps.
func helperSleeps(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests:
			resp.Body.Close()
			if ra := resp.Header.Get("Retry-After"); ra != "" {
				if err := waitAsAsked(ctx, ra); err != nil {
					return nil, err
				}
				continue
			}
			return nil, errThrottled
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: the loop waits before every next attempt anyway.
func waitsEveryRound(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		if attempt > 0 {
			time.Sleep(jittered(attempt))
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			resp.Body.Close()
			if resp.Header.Get("Retry-After") != "" {
				continue
			}
			return nil, errThrottled
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: a wait comes between the presence test and the next attempt.
func presenceThenWait(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			if resp.Header.Get("Retry-After") == "" {
				return nil, errUnavailable
			}
			time.Sleep(jittered(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: the header is logged, and its value slept.
func loggedAndSlept(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			ra := resp.Header.Get("Retry-After")
			log.Printf("throttled, retry after %q", ra)
			wait := jittered(attempt)
			if s, err := strconv.Atoi(ra); err == nil {
				wait = min(time.Duration(s)*time.Second, time.Minute)
			}
			if err := pause(ctx, wait); err != nil {
				return nil, err
			}
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: presence only, but the 429 gives up; only transport errors go
// round.
func presenceGivesUp(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(jittered(attempt))
			continue
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests:
			resp.Body.Close()
			if resp.Header.Get("Retry-After") != "" {
				return nil, errThrottled
			}
			return nil, errUnavailable
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// Not reported: a retry helper waits its own schedule before the next call;
// a presence test there is the older claim's business, and it reads the header.
func callbackPresence(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusTooManyRequests:
			if resp.Header.Get("Retry-After") != "" {
				return errThrottled
			}
			return backoff.Permanent(errThrottled)
		}
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Not reported: 429 and 503 give up in the first case; the later ">= 500"
// retries only the codes left to it.
func earlierCaseTakes(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch {
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable:
			resp.Body.Close()
			return nil, errThrottled
		case resp.StatusCode >= 500:
			resp.Body.Close()
			time.Sleep(jittered(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

// A tagless switch whose first case retries 503 on the loop's schedule.
func taglessNoHeader(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch {
		case resp.StatusCode >= 500: // want `503 Service Unavailable is retried without reading the Retry-After header`
			resp.Body.Close()
			time.Sleep(jittered(attempt))
			continue
		}
		return resp, nil
	}
	return nil, errUnavailable
}

type warehouse struct {
	c   *http.Client
	req *http.Request
}

// notify is a retry callback handed over as a method value; its helper reads
// the header.
func (w *warehouse) notify() error {
	resp, err := w.c.Do(w.req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("throttled for %s: %w", retryAfter(resp, time.Second), errThrottled)
	}
	return nil
}

// Not reported: the callback's body lies outside the function that calls the
// helper, and reads the header there.
func notifyWithRetry(ctx context.Context, w *warehouse) error {
	return backoff.Retry(w.notify, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}
