package fixedsleep

import (
	"context"
	"errors"
	"log"
	"net/http"
	"path"
	"time"
)

// A recursive retry that calls itself again at once on failure is a hot
// retry as a loop without a wait is. One that waits on the way, one that
// makes a few quick tries, one whose next call asks for something else (the
// part still missing), and one that runs code of its package on the way (a
// token renewed: the next call may send something else) are not reported.

var errRcPartial = errors.New("partial answer")

func rcGet(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

type rcFetcher struct{ retries int }

// BAD: goes again at once, as often as the caller allows.
func (f *rcFetcher) fetch(ctx context.Context, url string, left int) error {
	err := rcGet(ctx, url)
	if err == nil {
		return nil
	}
	if left == 0 {
		return err
	}
	return f.fetch(ctx, url, left-1) // want `recursive retry calls itself again at once after a failure`
}

// GOOD: waits longer before each call of itself.
func (f *rcFetcher) fetchPatiently(ctx context.Context, url string, left int, wait time.Duration) error {
	err := rcGet(ctx, url)
	if err == nil || left == 0 {
		return err
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(wait):
	}
	return f.fetchPatiently(ctx, url, left-1, 2*wait)
}

// GOOD: three quick tries in all.
func fetchThrice(ctx context.Context, url string) error {
	return fetchQuickly(ctx, url, 2)
}

func fetchQuickly(ctx context.Context, url string, left int) error {
	err := rcGet(ctx, url)
	if err == nil || left == 0 {
		return err
	}
	return fetchQuickly(ctx, url, left-1)
}

// GOOD: the next call asks for the rest, not the same again.
func fetchRest(ctx context.Context, urls []string) error {
	if len(urls) == 0 {
		return nil
	}
	err := rcGet(ctx, urls[0])
	if err == nil {
		return fetchRest(ctx, urls[1:])
	}
	return err
}

type rcSession struct{ token string }

func (s *rcSession) renew(ctx context.Context) error {
	return rcGet(ctx, "http://auth.internal/renew?old="+s.token)
}

// GOOD: renews the session before it calls itself again.
func (s *rcSession) fetch(ctx context.Context, url string) error {
	err := rcGet(ctx, url+"?token="+s.token)
	if err == nil {
		return nil
	}
	if err := s.renew(ctx); err != nil {
		return err
	}
	return s.fetch(ctx, url)
}

// BAD: only closes and logs on the way back.
func (s *rcSession) fetchAgain(ctx context.Context, url string) error {
	err := rcGet(ctx, url+"?token="+s.token)
	if err == nil {
		return nil
	}
	log.Printf("fetch %s: %v", url, err)
	return s.fetchAgain(ctx, url) // want `recursive retry calls itself again at once after a failure`
}

type rcBatch struct {
	url   string
	token string
}

var errRcStale = errors.New("stale sequence token")

func rcPut(ctx context.Context, b *rcBatch) (string, error) {
	return "", rcGet(ctx, b.url+"?seq="+b.token)
}

// GOOD: puts the token the refusal named into the batch, then sends again.
func rcPutFixed(ctx context.Context, b *rcBatch) error {
	next, err := rcPut(ctx, b)
	if errors.Is(err, errRcStale) {
		b.token = next
		return rcPutFixed(ctx, b)
	}
	return err
}

// GOOD: looks one level up after a miss: a search, not a retry.
func rcNearest(ctx context.Context, dir string) error {
	err := rcGet(ctx, "http://meta.internal"+dir)
	if err == nil || dir == "/" {
		return err
	}
	return rcNearest(ctx, path.Dir(dir))
}
