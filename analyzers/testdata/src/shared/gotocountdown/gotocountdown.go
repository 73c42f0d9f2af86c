// Package gotocountdown is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep sleepnoctx
package gotocountdown

import (
	"context"
	"errors"
	"net/http"
	"time"
)

func send(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A goto retry counted down from a constant: the counter starts at K, every
// jump back is guarded by counter > 0 and preceded by a decrement, so the
// label runs at most K+1 times. One retry after 1 s is a few quick tries and
// a wait of 1 s in all.
func gotoOneRetry(ctx context.Context) error {
	retries := 1
again:
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

// Six rounds 500 ms apart are more than a few quick tries and faster than
// a steady one a second, but 2.5 s in all is still too short a wait for
// cancellation to matter.
func gotoFiveRetries(ctx context.Context) error {
	retries := 5
again: // reports: fixedsleep
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(500 * time.Millisecond)
			goto again
		}
		return err
	}
	return nil
}

func gotoTwelveRetries(ctx context.Context) error {
	retries := 12
again: // reports: fixedsleep sleepnoctx
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

// A count the caller chooses has no known bound.
func gotoCallerRetries(ctx context.Context, retries int) error {
again: // reports: fixedsleep sleepnoctx
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

type gotoConfig struct{ Retries int }

func gotoOpenCount(ctx context.Context, cfg gotoConfig) error {
	retries := cfg.Retries
again: // reports: fixedsleep sleepnoctx
	if err := send(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

// Counting up works the same way: nine waits of 500 ms.
func gotoCountUp(ctx context.Context) error {
	tries := 0
again: // reports: fixedsleep
	if err := send(ctx); err != nil {
		if tries < 9 {
			tries++
			time.Sleep(500 * time.Millisecond)
			goto again
		}
		return err
	}
	return nil
}

// The same single retry with two jump sites (a transport error, a 5xx) and a
// deadline error returned at once.
func gotoOneRetryTwoSites(ctx context.Context, c *http.Client, u string) error {
	retries := 1
again:
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return err
		} else if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 && retries > 0 {
		retries--
		time.Sleep(time.Second)
		goto again
	}
	return nil
}
