// Package pollwait holds verdict wrappers for the sleepnoctx tests: loops run
// by their callback's (stop bool, err error) answer, called from another
// package.
package pollwait

import (
	"context"
	"errors"
	"time"
)

// For calls f every interval until f says stop or the timeout passes. It
// takes no context: nothing but the timer ends its sleep.
func For(timeout, interval time.Duration, f func() (bool, error)) error {
	var lastErr error
	timeUp := time.After(timeout)
	for {
		select {
		case <-timeUp:
			return errors.Join(errors.New("time limit exceeded"), lastErr)
		default:
		}
		stop, err := f()
		if stop {
			return err
		}
		if err != nil {
			lastErr = err
		}
		time.Sleep(interval)
	}
}

// ForContext is For with a context its wait selects on.
func ForContext(ctx context.Context, interval time.Duration, f func() (bool, error)) error {
	for {
		stop, err := f()
		if stop {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(interval):
		}
	}
}
