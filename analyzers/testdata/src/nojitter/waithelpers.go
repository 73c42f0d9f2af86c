package nojitter

import (
	"context"
	"errors"
	mrand "math/rand"
	"net/http"
	"time"
)

// Shape 7d: a wait grown by a pure helper of the package is read like the
// arithmetic it holds.

func fetch(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func minDuration(a, b time.Duration) time.Duration {
	if a < b {
		return a
	}
	return b
}

func nextBackoff(d time.Duration) time.Duration { return minDuration(2*d, maxWait) }

const maxWait = 30 * time.Second

func helperCapped(ctx context.Context, c *http.Client) error {
	d := 100 * time.Millisecond
	for i := 0; i < 6; i++ { // want `retry backoff d grows but has no jitter`
		if err := fetch(ctx, c, "http://svc/a"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
		d = minDuration(d*2, maxWait)
	}
	return errors.New("gave up")
}

func helperNested(ctx context.Context, c *http.Client) error {
	d := 100 * time.Millisecond
	for i := 0; i < 6; i++ { // want `retry backoff d grows but has no jitter`
		if err := fetch(ctx, c, "http://svc/b"); err == nil {
			return nil
		}
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		d = nextBackoff(d)
	}
	return errors.New("gave up")
}

// ---- look-alikes ----

// The helper draws the random part itself.
func jittered(d time.Duration) time.Duration {
	return d/2 + time.Duration(mrand.Int63n(int64(d/2)+1))
}

func helperJitter(ctx context.Context, c *http.Client) error {
	d := 100 * time.Millisecond
	for i := 0; i < 6; i++ {
		if err := fetch(ctx, c, "http://svc/c"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(jittered(d)):
		}
		d = minDuration(d*2, maxWait)
	}
	return errors.New("gave up")
}

// The helper reads a package variable a test or a flag may set: not pure,
// nothing claimed.
var spread = 0.0

func withSpread(d time.Duration) time.Duration { return d + time.Duration(spread*float64(d)) }

func helperGlobal(ctx context.Context, c *http.Client) error {
	d := 100 * time.Millisecond
	for i := 0; i < 6; i++ {
		if err := fetch(ctx, c, "http://svc/d"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(withSpread(d)):
		}
		d *= 2
	}
	return errors.New("gave up")
}
