// Package retry is a reduced stub of github.com/kamilsk/retry/v5 (v5.0.0-rc8).
package retry

import "context"

type Action = func(context.Context) error

type Breaker = interface {
	Done() <-chan struct{}
	Err() error
}

type How = []func(Breaker, uint, error) bool

func Do(breaker Breaker, action func(context.Context) error, strategies ...func(Breaker, uint, error) bool) error {
	panic("stub")
}

func Go(breaker Breaker, action func(context.Context) error, strategies ...func(Breaker, uint, error) bool) error {
	panic("stub")
}
