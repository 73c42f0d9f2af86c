// Package util is a module's retry wrapper that stops early only on its own
// error type: callers classify by wrapping permanent failures in Permanent.
package util

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Permanent marks an error the wrapper must not retry.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return p.Err.Error() }

// Do runs op up to tries times, waiting pause between tries; a Permanent
// error ends it at once.
func Do(ctx context.Context, tries int, pause time.Duration, op func(context.Context) error) error {
	var err error
	for i := 0; i < tries; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		var p Permanent
		if errors.As(err, &p) {
			return err
		}
		select {
		case <-time.After(pause):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return err
}

// ErrQuota is a failure no retry mends.
var ErrQuota = errors.New("quota exceeded")

// DoUnlessQuota also stops on ErrQuota: it classifies by itself, whatever
// its callers return.
func DoUnlessQuota(ctx context.Context, tries int, op func(context.Context) error) error {
	var err error
	for i := 0; i < tries; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		var p Permanent
		if errors.As(err, &p) || errors.Is(err, ErrQuota) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Fetch is a function of another package of the module: it may build a
// Permanent, out of the caller package's reach.
func Fetch(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return Permanent{err}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GaveUp says the rules allow no more attempts.
type GaveUp struct{ Attempts int }

func (g *GaveUp) Error() string { return "gave up" }

// Rules decide, from each failure, whether to try again.
type Rules struct{ Max int }

// Recover answers whether to try again after err: the rules classify.
func (r *Rules) Recover(err error, attempt int) (bool, error) {
	if attempt >= r.Max {
		return false, &GaveUp{Attempts: attempt}
	}
	return !errors.Is(err, ErrQuota), nil
}

// Run tests its own type on the rules' answer, not on the operation's error:
// the rules classify, for every caller.
func (r *Rules) Run(ctx context.Context, op func(context.Context) error) error {
	for attempt := 1; ; attempt++ {
		err := op(ctx)
		if err == nil {
			return nil
		}
		again, rerr := r.Recover(err, attempt)
		var g *GaveUp
		if errors.As(rerr, &g) {
			return g
		}
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

// DoDecided hands the operation's error to the rules before its own test.
func DoDecided(ctx context.Context, r *Rules, op func(context.Context) error) error {
	for attempt := 1; attempt <= 3; attempt++ {
		err := op(ctx)
		if err == nil {
			return nil
		}
		var p Permanent
		if errors.As(err, &p) {
			return err
		}
		if again, _ := r.Recover(err, attempt); !again {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}
