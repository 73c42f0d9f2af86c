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
