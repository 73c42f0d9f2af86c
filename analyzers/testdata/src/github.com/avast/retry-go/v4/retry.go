// Package retry is a stub of github.com/avast/retry-go/v4 (v4.7.0) for analysistest.
// Defaults of the real package: 10 attempts, 100ms delay, 100ms max jitter,
// CombineDelay(BackOffDelay, RandomDelay), RetryIf(IsRecoverable), context.Background().
package retry

import (
	"context"
	"time"
)

// RetryIfFunc decides whether an error is retried.
type RetryIfFunc func(error) bool

// OnRetryFunc is called after each failed attempt.
type OnRetryFunc func(attempt uint, err error)

// DelayTypeFunc returns the wait after attempt n failed with err.
type DelayTypeFunc func(n uint, err error, config *Config) time.Duration

// Timer tracks the wait of a retry.
type Timer interface {
	After(time.Duration) <-chan time.Time
}

// Config is built from Options.
type Config struct {
	attempts  uint
	delay     time.Duration
	maxDelay  time.Duration
	maxJitter time.Duration
	onRetry   OnRetryFunc
	retryIf   RetryIfFunc
	delayType DelayTypeFunc
	context   context.Context
	timer     Timer
}

// Option configures Do.
type Option func(*Config)

func LastErrorOnly(lastErrorOnly bool) Option { panic("stub") }

// Attempts sets the number of attempts; 0 retries until success.
func Attempts(attempts uint) Option { panic("stub") }

// UntilSucceeded is Attempts(0).
func UntilSucceeded() Option { panic("stub") }

func AttemptsForError(attempts uint, err error) Option { panic("stub") }

func Delay(delay time.Duration) Option { panic("stub") }

func MaxDelay(maxDelay time.Duration) Option { panic("stub") }

func MaxJitter(maxJitter time.Duration) Option { panic("stub") }

func DelayType(delayType DelayTypeFunc) Option { panic("stub") }

func BackOffDelay(n uint, _ error, config *Config) time.Duration { return 0 }

func FixedDelay(_ uint, _ error, config *Config) time.Duration { return 0 }

func RandomDelay(_ uint, _ error, config *Config) time.Duration { return 0 }

func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc { panic("stub") }

func FullJitterBackoffDelay(n uint, err error, config *Config) time.Duration { return 0 }

func OnRetry(onRetry OnRetryFunc) Option { panic("stub") }

func RetryIf(retryIf RetryIfFunc) Option { panic("stub") }

// Context makes the waits stop when ctx is done.
func Context(ctx context.Context) Option { panic("stub") }

func WithTimer(t Timer) Option { panic("stub") }

func WrapContextErrorWithLastError(wrapContextErrorWithLastError bool) Option { panic("stub") }

// RetryableFunc is retried by Do.
type RetryableFunc func() error

// RetryableFuncWithData is retried by DoWithData.
type RetryableFuncWithData[T any] func() (T, error)

func Do(retryableFunc RetryableFunc, opts ...Option) error { return retryableFunc() }

func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	return retryableFunc()
}

// Error is the list of errors of all attempts.
type Error []error

func (e Error) Error() string              { return "retry: all attempts fail" }
func (e Error) Is(target error) bool       { return false }
func (e Error) As(target interface{}) bool { return false }
func (e Error) Unwrap() error              { return nil }
func (e Error) WrappedErrors() []error     { return e }

type unrecoverableError struct {
	error
}

func (e unrecoverableError) Unwrap() error { return e.error }

// Unrecoverable wraps an error so that Do stops retrying.
func Unrecoverable(err error) error { return unrecoverableError{err} }

// IsRecoverable reports whether err was not wrapped by Unrecoverable.
func IsRecoverable(err error) bool {
	_, ok := err.(unrecoverableError)
	return !ok
}
