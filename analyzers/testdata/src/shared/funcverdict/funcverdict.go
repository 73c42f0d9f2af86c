// Package funcverdict is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry fixedsleep
package funcverdict

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A loop that goes round only when a handler answers true for the failure,
// and leaves on any other failure: the handler decides, and waits.

var db *sql.DB

var errThrottled = errors.New("throttled")

// fetch asks a database, which can refuse for good.
func fetch(ctx context.Context) (int, error) {
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'done'")
	return 1, err
}

type fetcher struct {
	onFailure func(ctx context.Context, err error) bool
}

// newFetcher takes the caller's handler.
func newFetcher(onFailure func(ctx context.Context, err error) bool) *fetcher {
	return &fetcher{onFailure: onFailure}
}

// A func-typed field handed the failure, set from the caller's handler: its
// answer is out of reach.
func (c *fetcher) fetchField(ctx context.Context) (int, error) {
	for {
		n, err := fetch(ctx)
		if c.onFailure(ctx, err) {
			continue
		}
		if err != nil {
			return 0, err
		}
		return n, nil
	}
}

// A func parameter handed the failure: the caller's policy.
func fetchParam(ctx context.Context, again func(error) bool) (int, error) {
	for {
		n, err := fetch(ctx)
		if again(err) {
			continue
		}
		return n, err
	}
}

// Look-alike: a package-level func literal in reach that says "again" to
// every error.
var alwaysAgain = func(err error) bool { return true }

func fetchAlwaysAgain(ctx context.Context) (int, error) {
	for { // reports: unboundedretry
		n, err := fetch(ctx)
		if err == nil {
			return n, nil
		}
		if alwaysAgain(err) {
			continue
		}
		return 0, err
	}
}

// Look-alike: the handler is consulted but the failure goes round either way.
func (c *fetcher) fetchIgnoringAnswer(ctx context.Context) (int, error) {
	for { // reports: unboundedretry
		n, err := fetch(ctx)
		if err == nil {
			return n, nil
		}
		_ = c.onFailure(ctx, err)
	}
}

type throttledSource struct{ name string }

// pauseFor waits d or until ctx ends, and says whether ctx ended.
func pauseFor(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return false
	case <-ctx.Done():
		return true
	}
}

// onThrottle waits out a throttled failure and says whether to go again.
func (s *throttledSource) onThrottle(ctx context.Context, err error) bool {
	if err == nil || !errors.Is(err, errThrottled) {
		return false
	}
	return !pauseFor(ctx, 30*time.Second)
}

// onThrottleNamed hands on to onThrottle: the wait is two calls down.
func (s *throttledSource) onThrottleNamed(ctx context.Context, err error) bool {
	return s.onThrottle(ctx, err)
}

// The wait is two calls down, through a method that always calls the
// waiting one: no hot retry.
func (s *throttledSource) fetchThrottled(ctx context.Context) (int, error) {
	for {
		n, err := fetch(ctx)
		if s.onThrottleNamed(ctx, err) {
			continue
		}
		if err != nil {
			return 0, err
		}
		return n, nil
	}
}

// onThrottleSometimes waits only when the source has a name.
func (s *throttledSource) onThrottleSometimes(ctx context.Context, err error) bool {
	if !errors.Is(err, errThrottled) {
		return false
	}
	if s.name == "" {
		return true
	}
	s.onThrottle(ctx, err)
	return true
}

// Look-alike: the waiting call is on a branch the "again" way may skip.
func (s *throttledSource) fetchSometimesWaits(ctx context.Context) (int, error) {
	for { // reports: fixedsleep
		n, err := fetch(ctx)
		if s.onThrottleSometimes(ctx, err) {
			continue
		}
		if err != nil {
			return 0, err
		}
		return n, nil
	}
}
