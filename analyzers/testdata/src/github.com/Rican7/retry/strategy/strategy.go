// Package strategy is a stub of github.com/Rican7/retry/strategy (v0.3.1).
package strategy

import (
	"time"

	"github.com/Rican7/retry/backoff"
	"github.com/Rican7/retry/jitter"
)

type Strategy func(attempt uint) bool

func Limit(attemptLimit uint) Strategy { panic("stub") }

func Delay(duration time.Duration) Strategy { panic("stub") }

func Wait(durations ...time.Duration) Strategy { panic("stub") }

func Backoff(algorithm backoff.Algorithm) Strategy { panic("stub") }

func BackoffWithJitter(algorithm backoff.Algorithm, transformation jitter.Transformation) Strategy {
	panic("stub")
}
