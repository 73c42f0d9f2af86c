// Package retryx is the shop's own retry helper for calls that have no retrying
// library around them. Errors are retried only when the caller marks them with
// Transient; anything else ends the retry at once.
package retryx

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

const (
	maxAttempts = 5
	baseDelay   = 100 * time.Millisecond
	maxDelay    = 5 * time.Second
)

// TransientError marks an error worth another attempt.
type TransientError struct {
	Err error
}

func (e *TransientError) Error() string { return e.Err.Error() }
func (e *TransientError) Unwrap() error { return e.Err }

// Transient marks err as retryable. Transient(nil) is nil.
func Transient(err error) error {
	if err == nil {
		return nil
	}
	return &TransientError{Err: err}
}

// Do calls op until it succeeds, returns an error not marked Transient, ctx ends,
// or maxAttempts attempts have failed. Waits grow exponentially up to maxDelay, with
// full jitter.
func Do(ctx context.Context, op func(ctx context.Context) error) error {
	var err error
	for attempt := 0; attempt < maxAttempts; attempt++ { // GOOD: retryall, fixedsleep, nojitter, sleepnoctx, unboundedretry
		err = op(ctx)
		if err == nil {
			return nil
		}
		var transient *TransientError
		if !errors.As(err, &transient) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(min(baseDelay<<attempt, maxDelay))):
		}
	}
	return err
}
