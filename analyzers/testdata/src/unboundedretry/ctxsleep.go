package unboundedretry

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A loop that leaves when its wait helper fails, where the helper fails only
// with its context's error, ends with that context: bounded when it has a
// deadline, else the caller's to bound. The contexts below never end
// (startPaused hands them context.Background(), or the loop's own parent is
// context.Background()): what ends them is the helper's check of the
// context alone.

func pause(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

var errPauseStopped = errors.New("stopped")

// pauseOrStop fails on its own stop channel too: no bound of the context's.
func pauseOrStop(ctx context.Context, stop chan struct{}, d time.Duration) error {
	select {
	case <-stop:
		return errPauseStopped
	case <-time.After(d):
		return nil
	}
}

func fetchPaused(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline: ctx never fires, as startPaused hands ctx context.Background\(\)`
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		if err := pause(ctx, time.Second); err != nil {
			return nil, err
		}
	}
}

func fetchPausedGoto(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
again: // want `retry loop has no attempt limit and no deadline: ctx never fires, as startPaused hands ctx context.Background\(\)`
	resp, err := c.Do(req)
	if err != nil {
		if err := pause(ctx, time.Second); err != nil {
			return nil, err
		}
		goto again
	}
	return resp, nil
}

// The context got a deadline here: bounded.
func fetchPausedTimed(c *http.Client, req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		if err := pause(ctx, time.Second); err != nil {
			return nil, err
		}
	}
}

// ---- look-alikes ----

// The helper's error is dropped: nothing ends the loop.
func fetchPauseIgnored(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		_ = pause(ctx, time.Second)
	}
}

// The helper fails on a channel of its own, not with its context.
func fetchPauseOrStop(ctx context.Context, c *http.Client, req *http.Request, stop chan struct{}) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		if err := pauseOrStop(ctx, stop, time.Second); err != nil {
			return nil, err
		}
	}
}

// startPaused hands the loops above a context that never ends.
func startPaused(c *http.Client, req *http.Request) {
	_, _ = fetchPaused(context.Background(), c, req)
	_, _ = fetchPausedGoto(context.Background(), c, req)
}
