package repeater

import "time"

type Strategy interface {
	NextDelay(attempt int) time.Duration
}

type FixedDelay struct {
	Delay time.Duration
}

func NewFixedDelay(delay time.Duration) FixedDelay { return FixedDelay{Delay: delay} }

func (s FixedDelay) NextDelay(_ int) time.Duration { return s.Delay }

type BackoffType int

const (
	BackoffConstant BackoffType = iota
	BackoffLinear
	BackoffExponential
)

type backoff struct {
	initial  time.Duration
	maxDelay time.Duration
	btype    BackoffType
	jitter   float64
}

type backoffOption func(*backoff)

func WithMaxDelay(d time.Duration) backoffOption { return func(b *backoff) { b.maxDelay = d } }

func WithBackoffType(t BackoffType) backoffOption { return func(b *backoff) { b.btype = t } }

func WithJitter(factor float64) backoffOption { return func(b *backoff) { b.jitter = factor } }

func newBackoff(initial time.Duration, opts ...backoffOption) *backoff {
	b := &backoff{initial: initial, maxDelay: 30 * time.Second, btype: BackoffExponential, jitter: 0.1}
	for _, opt := range opts {
		opt(b)
	}
	return b
}

func (s backoff) NextDelay(attempt int) time.Duration { return s.initial }
