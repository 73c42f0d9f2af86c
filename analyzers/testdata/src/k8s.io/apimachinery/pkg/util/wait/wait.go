// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait (v0.37.2) for analysistest.
// The clock-based BackoffManager API is left out.
package wait

import (
	"context"
	"errors"
	"time"
)

// Backoff holds the parameters of an exponential backoff. Steps bounds the attempts;
// Jitter 0 means no randomness; Cap bounds the duration.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

// Step returns the next wait and advances the backoff.
func (b *Backoff) Step() time.Duration { return b.Duration }

// DelayFunc returns a function that yields the waits of the backoff.
func (b Backoff) DelayFunc() DelayFunc { panic("stub") }

// Timer returns a Timer for the backoff.
func (b Backoff) Timer() Timer { panic("stub") }

// DelayFunc returns the next wait.
type DelayFunc func() time.Duration

// Timer abstracts the wait of the loop helpers.
type Timer interface {
	C() <-chan time.Time
	Next()
	Stop()
}

// ConditionFunc returns true when the condition holds, or an error to stop.
type ConditionFunc func() (done bool, err error)

// WithContext adapts a ConditionFunc to a ConditionWithContextFunc.
func (cf ConditionFunc) WithContext() ConditionWithContextFunc { panic("stub") }

// ConditionWithContextFunc is ConditionFunc with a context.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

var ErrWaitTimeout = ErrorInterrupted(errors.New("timed out waiting for the condition"))

func Interrupted(err error) bool { return false }

func ErrorInterrupted(cause error) error { return cause }

var ForeverTestTimeout = time.Second * 30

var NeverStop <-chan struct{} = make(chan struct{})

// Group starts goroutines and waits for them.
type Group struct{}

func (g *Group) Wait()                                                                   {}
func (g *Group) StartWithChannel(stopCh <-chan struct{}, f func(stopCh <-chan struct{})) {}
func (g *Group) StartWithContext(ctx context.Context, f func(context.Context))           {}
func (g *Group) Start(f func())                                                          {}

func Forever(f func(), period time.Duration) {}

// Jitter returns a duration between duration and duration + maxFactor*duration.
func Jitter(duration time.Duration, maxFactor float64) time.Duration { return duration }

func ContextForChannel(parentCh <-chan struct{}) context.Context { panic("stub") }

func Until(f func(), period time.Duration, stopCh <-chan struct{}) {}

func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

func NonSlidingUntil(f func(), period time.Duration, stopCh <-chan struct{}) {}

func NonSlidingUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}

func JitterUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration, jitterFactor float64, sliding bool) {
}

// ExponentialBackoff repeats condition until it is done, returns an error, or the
// backoff's Steps run out.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

// ExponentialBackoffWithContext is ExponentialBackoff that also stops when ctx is done.
func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

func Poll(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

func PollWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

func PollUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

func PollInfiniteWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

func PollImmediateWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollImmediateUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

func PollImmediateUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollImmediateInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

func PollImmediateInfiniteWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}
