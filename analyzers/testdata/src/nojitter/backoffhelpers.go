package nojitter

import (
	"math/rand"
	"time"

	"github.com/Rican7/retry"
	"github.com/Rican7/retry/backoff"
	"github.com/Rican7/retry/jitter"
	"github.com/Rican7/retry/strategy"
	"github.com/eapache/go-resiliency/retrier"
)

func eapacheExponential() error {
	r := retrier.New(retrier.ExponentialBackoff(5, 100*time.Millisecond), nil)
	return r.Run(call) // want `Retrier.Run backs off without jitter`
}

func rican7Exponential() error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5), strategy.Backoff(backoff.BinaryExponential(time.Second))) // want `retry.Retry backs off without jitter: use strategy.BackoffWithJitter`
}

// Look-alikes: SetJitter, BackoffWithJitter, SetJitter(0) is still reported
// (no jitter), a retrier from elsewhere.

func eapacheJitter() error {
	r := retrier.New(retrier.ExponentialBackoff(5, 100*time.Millisecond), nil)
	r.SetJitter(0.25)
	return r.Run(call)
}

func eapacheJitterZero() error {
	r := retrier.New(retrier.ExponentialBackoff(5, 100*time.Millisecond), nil)
	r.SetJitter(0)
	return r.Run(call) // want `Retrier.Run backs off without jitter: call SetJitter`
}

func rican7Jitter() error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5), strategy.BackoffWithJitter(backoff.Exponential(time.Second, 3), jitter.Equal(nil)))
}

func eapacheFromCaller(r *retrier.Retrier) error {
	return r.Run(call)
}

// A base delay drawn at random for each retrier spreads the clients apart.
func eapacheRandomBase() error {
	r := retrier.New(retrier.ExponentialBackoff(5, withJitter(100*time.Millisecond)), nil)
	return r.Run(call)
}

func withJitter(d time.Duration) time.Duration { return d + time.Duration(rand.Int63n(int64(d))) }
