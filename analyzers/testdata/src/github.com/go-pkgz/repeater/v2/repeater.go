// Package repeater is a stub of github.com/go-pkgz/repeater/v2 (v2.2.0) for
// analysistest: Do makes up to attempts calls of fun (1 when attempts <= 0),
// waits the strategy's delay between them unless ctx is done, and stops at
// once when the classifier answers false or, without a classifier, on an error
// that matches one of termErrs (ErrAny: on every error).
package repeater

import (
	"context"
	"errors"
	"time"
)

var ErrAny = errors.New("any error")

type ErrorClassifier func(error) bool

type Stats struct {
	LastError     error
	StartedAt     time.Time
	FinishedAt    time.Time
	TotalDuration time.Duration
	WorkDuration  time.Duration
	DelayDuration time.Duration
	Attempts      int
	Success       bool
}

type Repeater struct {
	strategy   Strategy
	stats      Stats
	attempts   int
	classifier ErrorClassifier
}

// NewWithStrategy with a nil strategy waits a FixedDelay of one second.
func NewWithStrategy(attempts int, strategy Strategy) *Repeater {
	return &Repeater{attempts: attempts, strategy: strategy}
}

// NewBackoff waits exponentially from initial, up to 30s, with 10% jitter,
// unless the options say otherwise.
func NewBackoff(attempts int, initial time.Duration, opts ...backoffOption) *Repeater {
	return NewWithStrategy(attempts, newBackoff(initial, opts...))
}

func NewFixed(attempts int, delay time.Duration) *Repeater {
	return NewWithStrategy(attempts, NewFixedDelay(delay))
}

func (r *Repeater) Do(ctx context.Context, fun func() error, termErrs ...error) error { return fun() }

func (r *Repeater) SetErrorClassifier(classifier ErrorClassifier) { r.classifier = classifier }

func (r *Repeater) Stats() Stats { return r.stats }
