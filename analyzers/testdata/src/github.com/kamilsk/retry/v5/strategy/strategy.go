// Package strategy is a reduced stub of github.com/kamilsk/retry/v5/strategy.
package strategy

import "time"

type Breaker = interface {
	Done() <-chan struct{}
	Err() error
}

type Strategy = func(breaker Breaker, attempt uint, err error) bool

func Limit(value uint) Strategy { panic("stub") }

func Delay(duration time.Duration) Strategy { panic("stub") }

func Wait(durations ...time.Duration) Strategy { panic("stub") }

func Backoff(algorithm func(attempt uint) time.Duration) Strategy { panic("stub") }

func BackoffWithJitter(algorithm func(attempt uint) time.Duration, transformation func(duration time.Duration) time.Duration) Strategy {
	panic("stub")
}
