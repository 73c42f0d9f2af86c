// Package backoff is a stub of github.com/cenkalti/backoff/v4 (v4.3.0) for analysistest.
// Signatures mirror the real package; bodies do nothing useful.
package backoff

import (
	"context"
	"time"
)

// BackOff is a backoff policy for retrying an operation.
type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

// Stop indicates that no more retries should be made.
const Stop time.Duration = -1

// ZeroBackOff retries immediately, forever.
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

// BackOffContext is a backoff policy that stops retrying after the context is canceled.
type BackOffContext interface {
	BackOff
	Context() context.Context
}

type backOffContext struct {
	BackOff
	ctx context.Context
}

func (b *backOffContext) Context() context.Context { return b.ctx }

func WithContext(b BackOff, ctx context.Context) BackOffContext {
	return &backOffContext{BackOff: b, ctx: ctx}
}

// ExponentialBackOff grows the interval exponentially, randomized by RandomizationFactor.
// MaxElapsedTime == 0 means it never stops.
type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration
	Stop                time.Duration
	Clock               Clock

	currentInterval time.Duration
	startTime       time.Time
}

// Clock returns the current time for BackOff.
type Clock interface {
	Now() time.Time
}

// ExponentialBackOffOpts configures an ExponentialBackOff.
type ExponentialBackOffOpts func(*ExponentialBackOff)

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
	DefaultMaxElapsedTime      = 15 * time.Minute
)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	b := &ExponentialBackOff{
		InitialInterval:     DefaultInitialInterval,
		RandomizationFactor: DefaultRandomizationFactor,
		Multiplier:          DefaultMultiplier,
		MaxInterval:         DefaultMaxInterval,
		MaxElapsedTime:      DefaultMaxElapsedTime,
		Stop:                Stop,
		Clock:               SystemClock,
	}
	for _, fn := range opts {
		fn(b)
	}
	return b
}

func WithInitialInterval(duration time.Duration) ExponentialBackOffOpts { panic("stub") }

func WithRandomizationFactor(randomizationFactor float64) ExponentialBackOffOpts { panic("stub") }

func WithMultiplier(multiplier float64) ExponentialBackOffOpts { panic("stub") }

func WithMaxInterval(duration time.Duration) ExponentialBackOffOpts { panic("stub") }

func WithMaxElapsedTime(duration time.Duration) ExponentialBackOffOpts { panic("stub") }

func WithRetryStopDuration(duration time.Duration) ExponentialBackOffOpts { panic("stub") }

func WithClockProvider(clock Clock) ExponentialBackOffOpts { panic("stub") }

type systemClock struct{}

func (t systemClock) Now() time.Time { return time.Now() }

// SystemClock implements Clock with time.Now.
var SystemClock = systemClock{}

func (b *ExponentialBackOff) Reset()                        {}
func (b *ExponentialBackOff) NextBackOff() time.Duration    { return b.InitialInterval }
func (b *ExponentialBackOff) GetElapsedTime() time.Duration { return 0 }

// WithMaxRetries returns Stop after max calls of NextBackOff.
func WithMaxRetries(b BackOff, max uint64) BackOff { return b }

// Timer is the wait used between attempts.
type Timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}

// Ticker delivers ticks at times reported by a BackOff.
type Ticker struct {
	C <-chan time.Time
}

func NewTicker(b BackOff) *Ticker                       { panic("stub") }
func NewTickerWithTimer(b BackOff, timer Timer) *Ticker { panic("stub") }
func (t *Ticker) Stop()                                 {}

// OperationWithData is run by RetryWithData and RetryNotifyWithData.
type OperationWithData[T any] func() (T, error)

// Operation is run by Retry and RetryNotify.
type Operation func() error

// Notify receives the error and the wait of each failed attempt.
type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error { return o() }

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { return o() }

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return operation() }

func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	return operation()
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error {
	return operation()
}

func RetryNotifyWithTimerAndData[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	return operation()
}

// PermanentError signals that the operation should not be retried.
type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string        { return e.Err.Error() }
func (e *PermanentError) Unwrap() error        { return e.Err }
func (e *PermanentError) Is(target error) bool { _, ok := target.(*PermanentError); return ok }

func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &PermanentError{Err: err}
}
