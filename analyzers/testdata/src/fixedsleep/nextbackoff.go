package fixedsleep

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
)

// cenkalti/backoff's NextBackOff as the wait of a hand-written loop: its
// policy is read as for backoff.Retry.

func nextBackOffConstant() error {
	b := backoff.NewConstantBackOff(time.Second)
	for i := 0; i < 5; i++ { // want `retry loop waits the same delay before every attempt \(ConstantBackOff.NextBackOff\)`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

func nextBackOffConstantV5() error {
	b := &backoff5.ConstantBackOff{Interval: time.Second}
	for i := 0; i < 5; i++ { // want `retry loop waits the same delay before every attempt \(ConstantBackOff.NextBackOff\)`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

// Look-alikes: an exponential backoff, one out of reach, and a constant one
// made afresh every attempt (what it waits is not this loop's to judge).

func nextBackOffGrowing() error {
	b := backoff.NewExponentialBackOff()
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

func nextBackOffFromCaller(b backoff.BackOff) error {
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}
