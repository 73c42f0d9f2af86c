// Package strategy is a stub of github.com/go-pkgz/repeater/strategy (v1):
// FixedDelay and Backoff make Repeats attempts (1 when 0); Backoff waits
// Duration (100ms when 0) times Factor (1 when <= 0) to the attempt's power,
// randomised only with Jitter.
package strategy

import (
	"context"
	"time"
)

type Interface interface {
	Start(ctx context.Context) <-chan struct{}
}

type Once struct{}

func (s *Once) Start(_ context.Context) <-chan struct{} { return nil }

type FixedDelay struct {
	Repeats int
	Delay   time.Duration
}

func (s *FixedDelay) Start(ctx context.Context) <-chan struct{} { return nil }

type Backoff struct {
	Duration time.Duration
	Repeats  int
	Factor   float64
	Jitter   bool
}

func (b *Backoff) Start(ctx context.Context) <-chan struct{} { return nil }
