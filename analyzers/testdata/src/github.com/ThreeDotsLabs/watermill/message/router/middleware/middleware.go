// Package middleware is a stub of
// github.com/ThreeDotsLabs/watermill/message/router/middleware (v1.5.1) for
// analysistest. PoisonQueue publishes a failing message to topic and acks it;
// Retry re-runs the handler with exponential backoff (RandomizationFactor 0 = no jitter;
// MaxRetries 0 = no retry). Retry.Logger (watermill.LoggerAdapter) is left out.
package middleware

import (
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
)

// PoisonQueue sends messages whose handler failed to the poison-queue topic.
func PoisonQueue(pub message.Publisher, topic string) (message.HandlerMiddleware, error) {
	panic("stub")
}

// PoisonQueueWithFilter is PoisonQueue for the errors the filter accepts.
func PoisonQueueWithFilter(pub message.Publisher, topic string, shouldGoToPoisonQueue func(err error) bool) (message.HandlerMiddleware, error) {
	panic("stub")
}

// RetryParams describes a retry attempt.
type RetryParams struct {
	Err      error
	RetryNum int
	Delay    time.Duration
}

// Retry re-runs a failing handler.
type Retry struct {
	MaxRetries          int
	InitialInterval     time.Duration
	MaxInterval         time.Duration
	Multiplier          float64
	MaxElapsedTime      time.Duration
	RandomizationFactor float64
	OnRetryHook         func(retryNum int, delay time.Duration)
	ShouldRetry         func(params RetryParams) bool
	ResetContextOnRetry bool
}

func (r Retry) Middleware(h message.HandlerFunc) message.HandlerFunc { return h }

func InstantAck(h message.HandlerFunc) message.HandlerFunc { return h }

func Recoverer(h message.HandlerFunc) message.HandlerFunc { return h }

func Timeout(timeout time.Duration) func(message.HandlerFunc) message.HandlerFunc {
	return func(h message.HandlerFunc) message.HandlerFunc { return h }
}
