// Package strategy is a reduced stub of github.com/kamilsk/retry/v4/strategy.
package strategy

import "time"

type Strategy func(attempt uint, err error) bool

func Limit(attemptLimit uint) Strategy { panic("stub") }

func Delay(duration time.Duration) Strategy { panic("stub") }

func Wait(durations ...time.Duration) Strategy { panic("stub") }

func Backoff(algorithm func(attempt uint) time.Duration) Strategy { panic("stub") }

func BackoffWithJitter(algorithm func(attempt uint) time.Duration, transformation func(duration time.Duration) time.Duration) Strategy {
	panic("stub")
}

const (
	Skip   = true
	Strict = false
)

type Error interface {
	error
	Retriable() bool
}

func CheckError(defaults bool) Strategy { panic("stub") }

func CheckNetworkError(defaults bool) Strategy { panic("stub") }
