// Package backoff is a stub of github.com/Rican7/retry/backoff (v0.3.1).
package backoff

import "time"

type Algorithm func(attempt uint) time.Duration

func Incremental(initial, increment time.Duration) Algorithm { panic("stub") }

func Linear(factor time.Duration) Algorithm { panic("stub") }

func Exponential(factor time.Duration, base float64) Algorithm { panic("stub") }

func BinaryExponential(factor time.Duration) Algorithm { panic("stub") }

func Fibonacci(factor time.Duration) Algorithm { panic("stub") }
