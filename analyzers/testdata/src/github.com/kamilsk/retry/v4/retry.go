// Package retry is a reduced stub of github.com/kamilsk/retry/v4 (v4.7.2).
package retry

import "context"

type Action func(attempt uint) error

type Breaker interface {
	Done() <-chan struct{}
}

type BreakCloser interface {
	Breaker
	Close()
}

type How []func(attempt uint, err error) bool

func Retry(breaker BreakCloser, action func(attempt uint) error, strategies ...func(attempt uint, err error) bool) error {
	panic("stub")
}

func Try(breaker Breaker, action func(attempt uint) error, strategies ...func(attempt uint, err error) bool) error {
	panic("stub")
}

func TryContext(ctx context.Context, action func(ctx context.Context, attempt uint) error, strategies ...func(attempt uint, err error) bool) error {
	panic("stub")
}
