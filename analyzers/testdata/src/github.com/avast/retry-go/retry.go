// Package retry is a stub of github.com/avast/retry-go (v3.0.0+incompatible, the unversioned module path) for analysistest: the options and Do
// as in the real package (10 attempts, exponential delay with jitter,
// context.Background() by default).
package retry

import (
	"context"
	"time"
)

// RetryableFunc is retried by Do.
type RetryableFunc func() error

// Config is built from Options.
type Config struct {
	attempts uint
	delay    time.Duration
	context  context.Context
}

// Option configures Do.
type Option func(*Config)

// Attempts sets the number of attempts; 0 retries until success.
func Attempts(attempts uint) Option { panic("stub") }

func RetryIf(retryIf func(error) bool) Option { panic("stub") }

// Context makes the waits stop when ctx is done.
func Context(ctx context.Context) Option { panic("stub") }

func Do(retryableFunc RetryableFunc, opts ...Option) error { return retryableFunc() }

// Unrecoverable wraps an error so that Do stops retrying.
func Unrecoverable(err error) error { return err }

func IsRecoverable(err error) bool { return true }
