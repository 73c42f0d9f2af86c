// Package retry is a stub of github.com/flowchartsman/retry for analysistest:
// a Retrier makes maxTries attempts (5 when maxTries <= 0), waits an
// exponentially growing, jittered delay between them, and stops early on an
// error wrapped by Stop.
package retry

import (
	"context"
	"time"
)

const (
	DefaultMaxTries     = 5
	DefaultInitialDelay = time.Millisecond * 200
	DefaultMaxDelay     = time.Millisecond * 1000
)

type Retrier struct {
	maxTries               int
	initialDelay, maxDelay time.Duration
}

func NewRetrier(maxTries int, initialDelay, maxDelay time.Duration) *Retrier {
	return &Retrier{maxTries, initialDelay, maxDelay}
}

func (r *Retrier) Run(funcToRetry func() error) error { return funcToRetry() }

func (r *Retrier) RunContext(ctx context.Context, funcToRetry func(context.Context) error) error {
	return funcToRetry(ctx)
}

type terminalError struct{ e error }

func (t terminalError) Error() string { return t.e.Error() }

func Stop(err error) error { return terminalError{err} }
