package fixedsleep

import (
	"time"

	"github.com/Rican7/retry"
	"github.com/Rican7/retry/backoff"
	"github.com/Rican7/retry/jitter"
	"github.com/Rican7/retry/strategy"
	"github.com/eapache/go-resiliency/retrier"
)

func eapacheConstant() error {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil)
	return r.Run(call) // want `Retrier.Run waits the same delay before every attempt: use retrier.ExponentialBackoff and call SetJitter on the retrier`
}

func rican7Wait() error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5), strategy.Wait(time.Second)) // want `retry.Retry waits the same delay before every attempt: use strategy.BackoffWithJitter`
}

func rican7NoWait() error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5)) // want `retry.Retry retries at once, without any delay`
}

func rican7DelayOnly() error {
	// Delay waits before the first attempt only.
	return retry.Retry(func(uint) error { return call() }, strategy.Delay(time.Second), strategy.Limit(5)) // want `retry.Retry retries at once, without any delay`
}

// Look-alikes: a jittered constant retrier, growing strategies, and
// strategies of one's own (they may wait).

func eapacheConstantJitter() error {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil)
	r.SetJitter(0.25)
	return r.Run(call)
}

func rican7Backoff() error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5), strategy.BackoffWithJitter(backoff.BinaryExponential(time.Second), jitter.Full(nil)))
}

func rican7Durations() error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5), strategy.Wait(time.Second, 2*time.Second, 4*time.Second))
}

func rican7Own(pause strategy.Strategy) error {
	return retry.Retry(func(uint) error { return call() }, strategy.Limit(5), pause)
}
