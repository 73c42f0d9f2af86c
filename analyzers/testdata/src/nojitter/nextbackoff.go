package nojitter

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
)

// cenkalti/backoff's NextBackOff as the wait of a hand-written loop: an
// ExponentialBackOff grows; its jitter is RandomizationFactor.

func nextBackOffNoJitter() error {
	b := backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0))
	for i := 0; i < 5; i++ { // want `retry backoff \(ExponentialBackOff.NextBackOff\) grows but has no jitter`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

func nextBackOffLiteralV5() error {
	b := &backoff5.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2}
	for i := 0; i < 5; i++ { // want `retry backoff \(ExponentialBackOff.NextBackOff\) grows but has no jitter`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

// Look-alikes: the default randomization, and a backoff out of reach.

func nextBackOffDefault() error {
	b := backoff.NewExponentialBackOff()
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

func nextBackOffV5Default() error {
	b := backoff5.NewExponentialBackOff()
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

func nextBackOffOutOfReach(b backoff5.BackOff) error {
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}
