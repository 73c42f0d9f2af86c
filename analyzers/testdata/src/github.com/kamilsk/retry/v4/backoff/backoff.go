// Package backoff is a stub of github.com/kamilsk/retry/v4/backoff.
package backoff

import "time"

type Algorithm = func(attempt uint) time.Duration

func Constant(duration time.Duration) Algorithm { panic("stub") }

func Incremental(initial, increment time.Duration) Algorithm { panic("stub") }

func Linear(factor time.Duration) Algorithm { panic("stub") }

func Exponential(factor time.Duration, base float64) Algorithm { panic("stub") }

func BinaryExponential(factor time.Duration) Algorithm { panic("stub") }

func Fibonacci(factor time.Duration) Algorithm { panic("stub") }
