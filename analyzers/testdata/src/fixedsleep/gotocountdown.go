package fixedsleep

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A goto retry counted down from a constant: the counter starts at K, every
// jump back is guarded by counter > 0 and preceded by a decrement, so the
// label runs at most K+1 times. One retry after 1 s is a few quick tries.

func gotoOneRetry(ctx context.Context) error {
	retries := 1
again:
	if err := callCtx(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

// Still reported: six rounds of a 1 s wait, or a count the code leaves open.

func gotoFiveRetries(ctx context.Context) error {
	retries := 5
again: // want `retry loop waits the same time.Second before every attempt`
	if err := callCtx(ctx); err != nil {
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
again: // want `retry loop waits the same time.Second before every attempt`
	if err := callCtx(ctx); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto again
		}
		return err
	}
	return nil
}

func gotoCountUp(ctx context.Context) error {
	tries := 0
again: // want `retry loop waits the same time.Second before every attempt`
	if err := callCtx(ctx); err != nil {
		if tries < 9 {
			tries++
			time.Sleep(time.Second)
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
