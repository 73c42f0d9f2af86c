// Package backoff is a reduced stub of github.com/lestrrat-go/backoff (v1.0.1,
// the unversioned module): the policies, their options, Continue and Retry.
package backoff

import (
	"context"
	"time"
)

type CancelFunc func()

type Policy interface {
	Start(context.Context) (Backoff, CancelFunc)
}

type Backoff interface {
	Done() <-chan struct{}
	Next() <-chan struct{}
}

type Option interface {
	Name() string
	Value() interface{}
}

type Executer interface {
	Execute(context.Context) error
}

type ExecuteFunc func(context.Context) error

func (f ExecuteFunc) Execute(ctx context.Context) error { return f(ctx) }

type Constant struct{}

type Exponential struct{}

func NewConstant(delay time.Duration, options ...Option) *Constant { return &Constant{} }

func NewExponential(options ...Option) *Exponential { return &Exponential{} }

func (p *Constant) Start(ctx context.Context) (Backoff, CancelFunc) { panic("stub") }

func (p *Exponential) Start(ctx context.Context) (Backoff, CancelFunc) { panic("stub") }

func Continue(b Backoff) bool {
	select {
	case <-b.Done():
		return false
	case <-b.Next():
		return true
	}
}

func Retry(ctx context.Context, p Policy, e Executer) error { return e.Execute(ctx) }

func MarkPermanent(err error) error { return err }

func IsPermanentError(err error) bool { return false }

func WithFactor(v float64) Option { panic("stub") }

func WithInterval(v time.Duration) Option { panic("stub") }

func WithJitterFactor(v float64) Option { panic("stub") }

func WithMaxInterval(v time.Duration) Option { panic("stub") }

func WithRetryForever() Option { panic("stub") }

func WithMaxRetries(v int) Option { panic("stub") }

func WithMaxElapsedTime(v time.Duration) Option { panic("stub") }
