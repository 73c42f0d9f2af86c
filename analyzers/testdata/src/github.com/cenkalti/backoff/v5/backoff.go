// Package backoff is a stub of github.com/cenkalti/backoff/v5 (v5.0.3) for analysistest.
// v5 differs from v4: Retry is generic and takes a context, options replace the
// Retry* variants, and ExponentialBackOff has no MaxElapsedTime/Stop/Clock fields
// (the elapsed-time bound is the WithMaxElapsedTime retry option, default 15 minutes).
package backoff

import (
	"context"
	"fmt"
	"time"
)

// BackOff is a backoff policy for retrying an operation.
type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

// Stop indicates that no more retries should be made.
const Stop time.Duration = -1

// ZeroBackOff retries immediately.
type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

// StopBackOff never retries.
type StopBackOff struct{}

func (b *StopBackOff) Reset()                     {}
func (b *StopBackOff) NextBackOff() time.Duration { return Stop }

// ConstantBackOff always returns the same delay.
type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff {
	return &ConstantBackOff{Interval: d}
}

// ExponentialBackOff grows the interval exponentially, randomized by RandomizationFactor.
type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration

	currentInterval time.Duration
}

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
)

func NewExponentialBackOff() *ExponentialBackOff {
	return &ExponentialBackOff{
		InitialInterval:     DefaultInitialInterval,
		RandomizationFactor: DefaultRandomizationFactor,
		Multiplier:          DefaultMultiplier,
		MaxInterval:         DefaultMaxInterval,
	}
}

func (b *ExponentialBackOff) Reset()                     {}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return b.InitialInterval }

// DefaultMaxElapsedTime is the default limit of the total retry duration.
const DefaultMaxElapsedTime = 15 * time.Minute

// Operation is attempted, and retried on error.
type Operation[T any] func() (T, error)

// Notify receives the error and the wait of each failed attempt.
type Notify func(error, time.Duration)

type retryOptions struct {
	BackOff        BackOff
	Notify         Notify
	MaxTries       uint
	MaxElapsedTime time.Duration
}

// RetryOption configures Retry.
type RetryOption func(*retryOptions)

func WithBackOff(b BackOff) RetryOption              { panic("stub") }
func WithNotify(n Notify) RetryOption                { panic("stub") }
func WithMaxTries(n uint) RetryOption                { panic("stub") }
func WithMaxElapsedTime(d time.Duration) RetryOption { panic("stub") }

// Retry runs operation until success, a permanent error, backoff completion or ctx end.
func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	return operation()
}

// Ticker delivers ticks at times reported by a BackOff.
type Ticker struct {
	C <-chan time.Time
}

func NewTicker(b BackOff) *Ticker { panic("stub") }
func (t *Ticker) Stop()           {}

// PermanentError signals that the operation should not be retried.
type PermanentError struct {
	Err error
}

func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &PermanentError{Err: err}
}

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// RetryAfterError asks Retry to wait Duration before the next attempt.
type RetryAfterError struct {
	Duration time.Duration
}

func RetryAfter(seconds int) error {
	return &RetryAfterError{Duration: time.Duration(seconds) * time.Second}
}

func (e *RetryAfterError) Error() string { return fmt.Sprintf("retry after %s", e.Duration) }
