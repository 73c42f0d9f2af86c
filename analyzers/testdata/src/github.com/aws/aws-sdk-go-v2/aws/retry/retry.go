// Package retry is a stub of github.com/aws/aws-sdk-go-v2/aws/retry (v1.48.0)
// for analysistest: the standard retryer (3 attempts, jittered exponential
// backoff) and the wrappers that change its attempts.
package retry

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
)

const DefaultMaxAttempts int = 3

// BackoffDelayer returns the delay before an attempt.
type BackoffDelayer interface {
	BackoffDelay(attempt int, err error) (time.Duration, error)
}

// StandardOptions configures the standard retryer; MaxAttempts 0 keeps the default.
type StandardOptions struct {
	MaxAttempts int
	MaxBackoff  time.Duration
	Backoff     BackoffDelayer
}

// Standard is the standard retryer.
type Standard struct{ options StandardOptions }

func NewStandard(fnOpts ...func(*StandardOptions)) *Standard {
	o := StandardOptions{}
	for _, fn := range fnOpts {
		fn(&o)
	}
	return &Standard{options: o}
}

func (s *Standard) IsErrorRetryable(err error) bool { return true }
func (s *Standard) MaxAttempts() int                { return s.options.MaxAttempts }
func (s *Standard) RetryDelay(attempt int, err error) (time.Duration, error) {
	return 0, nil
}
func (s *Standard) GetRetryToken(ctx context.Context, opErr error) (func(error) error, error) {
	return func(error) error { return nil }, nil
}
func (s *Standard) GetInitialToken() func(error) error { return func(error) error { return nil } }

// AddWithMaxAttempts returns a Retryer with MaxAttempts set to the value
// specified (0: no limit).
func AddWithMaxAttempts(r aws.Retryer, max int) aws.Retryer { return r }

// AddWithMaxBackoffDelay caps the delay between attempts.
func AddWithMaxBackoffDelay(r aws.Retryer, delay time.Duration) aws.Retryer { return r }
