// Package backoff is a stub of github.com/jpillora/backoff (v1.1.0).
package backoff

import "time"

type Backoff struct {
	attempt uint64
	Factor  float64
	Jitter  bool
	Min     time.Duration
	Max     time.Duration
}

func (b *Backoff) Duration() time.Duration { b.attempt++; return b.Min }

func (b *Backoff) ForAttempt(attempt float64) time.Duration { return b.Min }

func (b *Backoff) Reset() { b.attempt = 0 }

func (b *Backoff) Attempt() float64 { return float64(b.attempt) }

func (b *Backoff) Copy() *Backoff { c := *b; return &c }
