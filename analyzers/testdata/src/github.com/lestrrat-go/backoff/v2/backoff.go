// Package backoff is a reduced stub of github.com/lestrrat-go/backoff/v2
// (v2.0.8): the policies, their options and Continue. Option is an alias of
// github.com/lestrrat-go/option's Interface in the real package; here it is
// declared in place (reduced).
package backoff

import (
	"context"
	"time"
)

type Option interface {
	Ident() any
	Value() any
}

type ControllerOption interface {
	ConstantOption
	ExponentialOption
	CommonOption
	controllerOption()
}

type ConstantOption interface {
	Option
	constantOption()
}

type ExponentialOption interface {
	Option
	exponentialOption()
}

type CommonOption interface {
	ExponentialOption
	ConstantOption
}

type Controller interface {
	Done() <-chan struct{}
	Next() <-chan struct{}
}

type Policy interface {
	Start(context.Context) Controller
}

type ConstantPolicy struct{}

type ExponentialPolicy struct{}

type NullPolicy struct{}

func Null() Policy { return NewNull() }

func Constant(options ...Option) Policy { return NewConstantPolicy(options...) }

func Exponential(options ...ExponentialOption) Policy { return NewExponentialPolicy(options...) }

func Continue(c Controller) bool {
	select {
	case <-c.Done():
		return false
	case _, ok := <-c.Next():
		return ok
	}
}

func NewNull() *NullPolicy { return &NullPolicy{} }

func NewConstantPolicy(options ...Option) *ConstantPolicy { return &ConstantPolicy{} }

func NewExponentialPolicy(options ...ExponentialOption) *ExponentialPolicy {
	return &ExponentialPolicy{}
}

func (p *NullPolicy) Start(ctx context.Context) Controller { panic("stub") }

func (p *ConstantPolicy) Start(ctx context.Context) Controller { panic("stub") }

func (p *ExponentialPolicy) Start(ctx context.Context) Controller { panic("stub") }

func WithMaxRetries(v int) ControllerOption { panic("stub") }

func WithInterval(v time.Duration) ConstantOption { panic("stub") }

func WithMaxInterval(v time.Duration) ExponentialOption { panic("stub") }

func WithMinInterval(v time.Duration) ExponentialOption { panic("stub") }

func WithMultiplier(v float64) ExponentialOption { panic("stub") }

func WithJitterFactor(v float64) CommonOption { panic("stub") }
