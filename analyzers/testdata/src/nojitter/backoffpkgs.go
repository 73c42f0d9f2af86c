package nojitter

import (
	"context"
	"time"

	jpillora "github.com/jpillora/backoff"
	lestrrat "github.com/lestrrat-go/backoff/v2"
)

// jpillora/backoff doubles the wait by default and adds no jitter unless told.
func jpilloraNoJitter() error {
	b := &jpillora.Backoff{Min: 100 * time.Millisecond, Max: 10 * time.Second}
	for i := 0; i < 5; i++ { // want `retry backoff \(Backoff.Duration\) grows but has no jitter`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func jpilloraJitterOff() error {
	b := jpillora.Backoff{Factor: 2, Jitter: false}
	for i := 0; i < 5; i++ { // want `retry backoff \(Backoff.Duration\) grows but has no jitter: set Jitter: true on the backoff.Backoff`
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func lestrratNoJitter(ctx context.Context) error {
	p := lestrrat.Exponential(lestrrat.WithMinInterval(time.Second), lestrrat.WithMaxRetries(5))
	c := p.Start(ctx)
	for lestrrat.Continue(c) { // want `retry backoff \(backoff.Continue\) grows but has no jitter: add backoff.WithJitterFactor`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

// Look-alikes: jitter set (field or assignment), a constant Factor (fixedsleep's
// business), a backoff out of reach, one made afresh every attempt, and a
// jittered lestrrat policy.

func jpilloraJitter() error {
	b := &jpillora.Backoff{Min: 100 * time.Millisecond, Jitter: true}
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func jpilloraJitterAssigned() error {
	b := &jpillora.Backoff{}
	b.Jitter = true
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func jpilloraConstant() error {
	b := &jpillora.Backoff{Factor: 1}
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func jpilloraFromCaller(b *jpillora.Backoff) error {
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func jpilloraEveryAttempt() error {
	for i := 0; i < 5; i++ {
		if err := call(); err == nil {
			return nil
		}
		b := &jpillora.Backoff{}
		time.Sleep(b.Duration())
	}
	return nil
}

func lestrratJitter(ctx context.Context) error {
	c := lestrrat.Exponential(lestrrat.WithJitterFactor(0.1)).Start(ctx)
	for lestrrat.Continue(c) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}
