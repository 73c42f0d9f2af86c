// Package retrypolicy is a stub of github.com/failsafe-go/failsafe-go/retrypolicy (v0.9.8).
// Defaults of the real package: 2 retries (3 attempts), no delay, every error handled.
// -1 for WithMaxRetries/WithMaxAttempts means no limit.
package retrypolicy

import (
	"errors"
	"fmt"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/budget"
)

var ErrExceeded = errors.New("retries exceeded")

// ExceededError is returned when the attempts or the duration are exceeded.
type ExceededError struct {
	LastResult any
	LastError  error
}

func (e ExceededError) Error() string {
	return fmt.Sprintf("retries exceeded. last result: %v, last error: %v", e.LastResult, e.LastError)
}
func (e ExceededError) Is(err error) bool { return err == ErrExceeded }
func (e ExceededError) Unwrap() error     { return e.LastError }

func IsExceededError(err error) bool { return errors.Is(err, ErrExceeded) }

func AsExceededError(err error) *ExceededError { return nil }

// RetryPolicy defines when retries are performed.
type RetryPolicy[R any] interface {
	failsafe.Policy[R]
}

// Builder builds RetryPolicy instances.
type Builder[R any] interface {
	failsafe.FailurePolicyBuilder[Builder[R], R]
	failsafe.DelayablePolicyBuilder[Builder[R], R]
	AbortOnResult(result R) Builder[R]
	AbortOnErrors(errs ...error) Builder[R]
	AbortOnErrorTypes(errs ...any) Builder[R]
	AbortIf(predicate func(R, error) bool) Builder[R]
	ReturnLastFailure() Builder[R]
	WithMaxAttempts(maxAttempts int) Builder[R]
	WithMaxRetries(maxRetries int) Builder[R]
	WithMaxDuration(maxDuration time.Duration) Builder[R]
	WithBackoff(delay time.Duration, maxDelay time.Duration) Builder[R]
	WithBackoffFactor(delay time.Duration, maxDelay time.Duration, delayFactor float64) Builder[R]
	WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R]
	WithJitter(jitter time.Duration) Builder[R]
	WithJitterFactor(jitterFactor float64) Builder[R]
	WithBudget(retryBudget budget.Budget) Builder[R]
	OnAbort(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetryScheduled(listener func(failsafe.ExecutionScheduledEvent[R])) Builder[R]
	OnRetry(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetriesExceeded(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	Build() RetryPolicy[R]
}

// NewWithDefaults returns a policy of 3 attempts with no delay.
func NewWithDefaults[R any]() RetryPolicy[R] { panic("stub") }

// NewBuilder returns a Builder with the defaults.
func NewBuilder[R any]() Builder[R] { panic("stub") }
