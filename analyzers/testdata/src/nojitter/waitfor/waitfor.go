// Package waitfor holds waits on a duration parameter that callers in another
// package grow: each call waits the duration it is handed.
package waitfor

import (
	"context"
	"errors"
	"time"
)

// Signal is closed when the owner is done.
type Signal struct{ ch chan struct{} }

// WaitTimeout waits for the signal, ctx or d, whichever comes first: it waits
// at most d.
func (s *Signal) WaitTimeout(ctx context.Context, d time.Duration) error {
	select {
	case <-s.ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return errors.New("timed out")
	}
}

// Pause waits d or until ctx is done, with a timer it stops.
func Pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Within gives a request d to answer: it waits on nothing itself.
func Within(ctx context.Context, d time.Duration, do func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return do(ctx)
}
