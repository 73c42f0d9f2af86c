package catalog

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/jpillora/backoff"
)

// feedAttempts caps the attempts of a feed download.
const feedAttempts = 5

// errFeedBusy is a 429 or 5xx answer of the supplier feed: worth another attempt.
var errFeedBusy = errors.New("catalog: supplier feed busy")

// fetchFeed asks the supplier feed once.
func (ix *Indexer) fetchFeed(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := ix.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return errFeedBusy
	case resp.StatusCode >= 300:
		return fmt.Errorf("catalog: feed %s: %s", u, resp.Status)
	}
	return nil
}

// transient reports whether a feed failure may pass: a busy feed or a network error.
func transient(err error) bool {
	var ne net.Error
	return errors.Is(err, errFeedBusy) || errors.As(err, &ne)
}

// RefreshFeed downloads the supplier feed, backing off with jpillora/backoff.
func (ix *Indexer) RefreshFeed(ctx context.Context, u string) error {
	b := &backoff.Backoff{Min: 200 * time.Millisecond, Max: 5 * time.Second}
	var err error
	for attempt := 0; attempt < feedAttempts; attempt++ { // BAD: nojitter
		if err = ix.fetchFeed(ctx, u); err == nil || !transient(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.Duration()):
		}
	}
	return err
}

// RefreshFeedJittered is RefreshFeed with the jitter jpillora/backoff leaves
// out unless asked.
func (ix *Indexer) RefreshFeedJittered(ctx context.Context, u string) error {
	b := &backoff.Backoff{Min: 200 * time.Millisecond, Max: 5 * time.Second, Jitter: true} // GOOD: nojitter
	var err error
	for attempt := 0; attempt < feedAttempts; attempt++ {
		if err = ix.fetchFeed(ctx, u); err == nil || !transient(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.Duration()):
		}
	}
	return err
}
