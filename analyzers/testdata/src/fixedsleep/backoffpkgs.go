package fixedsleep

import (
	"context"
	"time"

	jpillora "github.com/jpillora/backoff"
	lestrrat "github.com/lestrrat-go/backoff/v2"
)

func jpilloraFactorOne() error {
	b := &jpillora.Backoff{Min: time.Second, Factor: 1}
	for i := 0; i < 5; i++ { // want `retry loop waits the same delay before every attempt \(Backoff.Duration\): set Factor above 1`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

// Min at or above Max: every attempt waits Max.
func jpilloraSwapped() error {
	b := &jpillora.Backoff{Min: 5 * time.Second, Max: time.Second}
	for i := 0; i < 5; i++ { // want `retry loop waits the same delay before every attempt \(Backoff.Duration\): set Factor above 1 \(the default is 2\), Min below Max`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

// A Min above the default Max (10s) with no Max set.
func jpilloraMinOverDefault() error {
	c := &jpillora.Backoff{Min: 20 * time.Second}
	for i := 0; i < 5; i++ { // want `retry loop waits the same delay before every attempt \(Backoff.Duration\)`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(c.Duration())
	}
	return nil
}

func lestrratConstant(ctx context.Context) error {
	c := lestrrat.Constant(lestrrat.WithInterval(time.Second)).Start(ctx)
	for lestrrat.Continue(c) { // want `retry loop waits the same delay before every attempt \(backoff.Continue\): use backoff.Exponential with backoff.WithJitterFactor`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

// Look-alikes: Continue waits, so a loop on it does not "try again at once"
// even when its policy is out of reach; a growing jpillora backoff; a
// jittered constant policy.

func lestrratFromCaller(c lestrrat.Controller) error {
	for lestrrat.Continue(c) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func jpilloraGrowing() error {
	b := &jpillora.Backoff{Min: time.Second, Factor: 2}
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func jpilloraMinBelowMax() error {
	b := &jpillora.Backoff{Min: time.Second, Max: 30 * time.Second}
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func lestrratConstantJitter(ctx context.Context) error {
	c := lestrrat.Constant(lestrrat.WithInterval(time.Second), lestrrat.WithJitterFactor(0.2)).Start(ctx)
	for lestrrat.Continue(c) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}
