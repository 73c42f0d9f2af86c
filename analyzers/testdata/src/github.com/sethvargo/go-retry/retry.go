// Package retry is a stub of github.com/sethvargo/go-retry (v0.5.0) for analysistest.
// In the real package only errors wrapped by RetryableError are retried, waits stop on
// ctx.Done(), and the backoffs are unbounded and unjittered unless wrapped by
// WithMaxRetries/WithMaxDuration and WithJitter/WithJitterPercent/WithFullJitter.
package retry

import (
	"context"
	"time"
)

// Backoff returns the next wait, or stop.
type Backoff interface {
	Next() (next time.Duration, stop bool)
}

// BackoffFunc is a Backoff made of a function.
type BackoffFunc func() (time.Duration, bool)

func (b BackoffFunc) Next() (time.Duration, bool) { return b() }

func WithJitter(j time.Duration, next Backoff) Backoff { return next }

func WithJitterPercent(j uint64, next Backoff) Backoff { return next }

func WithFullJitter(next Backoff) Backoff { return next }

func WithMaxRetries(max uint64, next Backoff) Backoff { return next }

func WithCappedDuration(cap time.Duration, next Backoff) Backoff { return next }

func WithMaxDuration(timeout time.Duration, next Backoff) Backoff { return next }

// Constant retries f with a constant wait, forever.
func Constant(ctx context.Context, t time.Duration, f RetryFunc) error { return f(ctx) }

func NewConstant(t time.Duration) Backoff { panic("stub") }

// Exponential retries f with a doubling wait, forever.
func Exponential(ctx context.Context, base time.Duration, f RetryFunc) error { return f(ctx) }

func NewExponential(base time.Duration) Backoff { panic("stub") }

// Fibonacci retries f with a Fibonacci wait, forever.
func Fibonacci(ctx context.Context, base time.Duration, f RetryFunc) error { return f(ctx) }

func NewFibonacci(base time.Duration) Backoff { panic("stub") }

// RetryFunc is retried by Do.
type RetryFunc func(ctx context.Context) error

// RetryFuncValue is retried by DoValue.
type RetryFuncValue[T any] func(ctx context.Context) (T, error)

type retryableError struct {
	err error
}

// RetryableError marks err as retryable; other errors stop Do.
func RetryableError(err error) error {
	if err == nil {
		return nil
	}
	return &retryableError{err}
}

func (e *retryableError) Unwrap() error { return e.err }
func (e *retryableError) Error() string { return "retryable: " + e.err.Error() }

func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) { return f(ctx) }

func Do(ctx context.Context, b Backoff, f RetryFunc) error { return f(ctx) }
