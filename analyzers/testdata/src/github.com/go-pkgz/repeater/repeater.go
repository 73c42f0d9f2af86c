// Package repeater is a stub of github.com/go-pkgz/repeater (v1) for
// analysistest: Do calls fun until it succeeds, a tick of the strategy at a
// time (FixedDelay or Backoff, both waiting on the context), and stops at once
// on an error that matches one of errs.
package repeater

import (
	"context"
	"time"

	"github.com/go-pkgz/repeater/strategy"
)

type Repeater struct {
	Strategy
}

type Strategy interface {
	Start(ctx context.Context) <-chan struct{}
}

// New with a nil strategy repeats 10 times, 5 seconds apart.
func New(strtg strategy.Interface) *Repeater { return &Repeater{Strategy: strtg} }

func NewDefault(repeats int, delay time.Duration) *Repeater {
	return New(&strategy.FixedDelay{Repeats: repeats, Delay: delay})
}

func (r Repeater) Do(ctx context.Context, fun func() error, errs ...error) (err error) { return fun() }
