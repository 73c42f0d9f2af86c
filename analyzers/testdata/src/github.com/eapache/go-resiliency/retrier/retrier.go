// Package retrier is a stub of github.com/eapache/go-resiliency/retrier (v1.7.0).
package retrier

import (
	"context"
	"time"
)

type Action int

const (
	Succeed Action = iota
	Fail
	Retry
)

type Classifier interface {
	Classify(error) Action
}

type DefaultClassifier struct{}

func (c DefaultClassifier) Classify(err error) Action { panic("stub") }

type WhitelistClassifier []error

func (list WhitelistClassifier) Classify(err error) Action { panic("stub") }

type BlacklistClassifier []error

func (list BlacklistClassifier) Classify(err error) Action { panic("stub") }

type Retrier struct {
	backoff []time.Duration
	class   Classifier
	jitter  float64
}

func New(backoff []time.Duration, class Classifier) *Retrier { panic("stub") }

func (r *Retrier) WithInfiniteRetry() *Retrier { return r }

func (r *Retrier) WithSurfaceWorkErrors() *Retrier { return r }

func (r *Retrier) Run(work func() error) error { return work() }

func (r *Retrier) RunCtx(ctx context.Context, work func(ctx context.Context) error) error {
	return work(ctx)
}

func (r *Retrier) RunFn(ctx context.Context, work func(ctx context.Context, retries int) error) error {
	return work(ctx, 0)
}

func (r *Retrier) SetJitter(jit float64) {}

func ConstantBackoff(n int, amount time.Duration) []time.Duration { panic("stub") }

func ExponentialBackoff(n int, initialAmount time.Duration) []time.Duration { panic("stub") }

func LimitedExponentialBackoff(n int, initialAmount time.Duration, limitAmount time.Duration) []time.Duration {
	panic("stub")
}
