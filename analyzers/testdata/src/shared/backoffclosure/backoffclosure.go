// Package backoffclosure is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package backoffclosure

import (
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"time"
)

// A wait made through the closure a function of the package returns is the
// closure's wait: here a growing, jittered timer in a select that returns
// ctx.Err() once the context is done. The loop waits between attempts, and
// it ends with the context it hands the closure.

func makeWaiter(limit time.Duration) func(context.Context) error {
	round := 0
	return func(ctx context.Context) error {
		round++
		d := min(time.Duration(round*round)*20*time.Millisecond, limit)
		d = time.Duration(float64(d) * (0.5 + rand.Float64()))
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			return nil
		}
	}
}

// Quiet: the waiter's timer paces the loop, and a 20 s deadline made right
// above the loop ends it through the waiter's ctx.Err().
func fetchLocation(ctx context.Context, client *http.Client, url string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	wait := makeWaiter(5 * time.Second)
	for {
		loc, err := locate(ctx, client, url)
		if err != nil {
			if err := wait(ctx); err != nil {
				return "", err
			}
			continue
		}
		return loc, nil
	}
}

// Quiet: the same loop in a closure that makes the deadline itself.
func fetchInClosure(ctx context.Context, client *http.Client, url string) (string, error) {
	loc, err := func() (string, error) {
		ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		wait := makeWaiter(5 * time.Second)
		for {
			loc, err := locate(ctx, client, url)
			if err != nil {
				if err := wait(ctx); err != nil {
					return "", err
				}
				continue
			}
			return loc, nil
		}
	}()
	return loc, err
}

// Reported by neither: the waiter paces the loop, and the context is the
// caller's, its bound.
func fetchUntilCancelled(ctx context.Context, client *http.Client, url string) (string, error) {
	wait := makeWaiter(5 * time.Second)
	for { // reports:
		loc, err := locate(ctx, client, url)
		if err != nil {
			if err := wait(ctx); err != nil {
				return "", err
			}
			continue
		}
		return loc, nil
	}
}

// makeCounter's closure does not wait: a loop that calls it between attempts
// still tries again at once.
func makeCounter() func(context.Context) error {
	n := 0
	return func(context.Context) error {
		n++
		return nil
	}
}

// Reported: the closure counts and never waits; nothing bounds the loop.
func fetchCounting(ctx context.Context, client *http.Client, url string) (string, error) {
	note := makeCounter()
	for { // reports: fixedsleep unboundedretry
		loc, err := locate(ctx, client, url)
		if err != nil {
			if err := note(ctx); err != nil {
				return "", err
			}
			continue
		}
		return loc, nil
	}
}

// Reported by unboundedretry only: a waiter handed in as a parameter is out
// of reach, and its failure only ends the loop: it is no second attempt and
// may wait, so "tries again at once" is no claim to make; nothing the
// analysis can see ends the loop.
func fetchWithHandedWaiter(ctx context.Context, client *http.Client, url string, wait func(context.Context) error) (string, error) {
	for { // reports: unboundedretry
		loc, err := locate(ctx, client, url)
		if err != nil {
			if err := wait(ctx); err != nil {
				return "", err
			}
			continue
		}
		return loc, nil
	}
}

// pause is a plain function of the package that waits the same way: its
// ctx.Err() answer ends the loop with the context it is handed too.
func pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Quiet for unboundedretry: the deadline above the loop ends it through
// pause's error. Reported by fixedsleep: the wait is the same 2 s each time.
func fetchPaused(ctx context.Context, client *http.Client, url string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for { // reports: fixedsleep
		loc, err := locate(ctx, client, url)
		if err != nil {
			if err := pause(ctx, 2*time.Second); err != nil {
				return "", err
			}
			continue
		}
		return loc, nil
	}
}

// doze swallows the cancellation: once the context is done it answers nil
// at once, so the loop goes on without end and without a wait.
func doze(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return nil
	case <-time.After(d):
		return nil
	}
}

// Reported by both: doze never ends the loop, and its wait is constant.
func fetchDozing(ctx context.Context, client *http.Client, url string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for { // reports: fixedsleep unboundedretry
		loc, err := locate(ctx, client, url)
		if err != nil {
			if err := doze(ctx, 2*time.Second); err != nil {
				return "", err
			}
			continue
		}
		return loc, nil
	}
}

// Quiet for unboundedretry: a later select case on the done channel of a
// context with a deadline made above the loop bounds it, though an earlier
// case leaves on another channel. Reported by fixedsleep: the pace is the
// same 2 s each time.
func fetchUntilAborted(ctx context.Context, client *http.Client, url string, abort <-chan error) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for { // reports: fixedsleep
		loc, err := locate(ctx, client, url)
		if err == nil {
			return loc, nil
		}
		select {
		case err := <-abort:
			return "", err
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

// Reported by fixedsleep only: the same loop without the deadline ends
// through its abort channel or the caller's context, the caller's bound.
func fetchUntilAbortedByCaller(ctx context.Context, client *http.Client, url string, abort <-chan error) (string, error) {
	for { // reports: fixedsleep
		loc, err := locate(ctx, client, url)
		if err == nil {
			return loc, nil
		}
		select {
		case err := <-abort:
			return "", err
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

// locate asks the server where url lives; a status other than 200 fails.
func locate(ctx context.Context, client *http.Client, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("locate %s: status %d", url, resp.StatusCode)
	}
	return resp.Header.Get("Location"), nil
}
