// Package retry is a stub of github.com/avast/retry-go/v5 (v5.1.1) for
// analysistest: options go to New, which returns the Retrier whose Do retries.
package retry

import (
	"context"
	"time"
)

// RetryableFunc is retried by Retrier.Do.
type RetryableFunc func() error

// RetryableFuncWithData is retried by RetrierWithData.Do.
type RetryableFuncWithData[T any] func() (T, error)

type retrierCore struct {
	attempts uint
	delay    time.Duration
	context  context.Context
}

// Retrier retries a function with the options given to New.
type Retrier struct{ *retrierCore }

// RetrierWithData retries a function that returns a value.
type RetrierWithData[T any] struct{ *retrierCore }

// Option configures a Retrier.
type Option func(*retrierCore)

func New(opts ...Option) *Retrier { return &Retrier{} }

func NewWithData[T any](opts ...Option) *RetrierWithData[T] { return &RetrierWithData[T]{} }

// Attempts sets the number of attempts; 0 retries until success.
func Attempts(attempts uint) Option { panic("stub") }

func RetryIf(retryIf func(error) bool) Option { panic("stub") }

// Context makes the waits stop when ctx is done.
func Context(ctx context.Context) Option { panic("stub") }

func (r *Retrier) Do(retryableFunc RetryableFunc) error { return retryableFunc() }

func (r *RetrierWithData[T]) Do(retryableFunc RetryableFuncWithData[T]) (T, error) {
	return retryableFunc()
}

// Unrecoverable wraps an error so that Do stops retrying.
func Unrecoverable(err error) error { return err }

func IsRecoverable(err error) bool { return true }
