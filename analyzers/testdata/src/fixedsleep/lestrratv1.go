package fixedsleep

import (
	"context"
	"time"

	backoff1 "github.com/lestrrat-go/backoff"
)

func lestrratV1Constant(ctx context.Context) error {
	b, cancel := backoff1.NewConstant(time.Second).Start(ctx)
	defer cancel()
	for backoff1.Continue(b) { // want `retry loop waits the same delay before every attempt \(backoff.Continue\)`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratV1FactorOne(ctx context.Context) error {
	p := backoff1.NewExponential(backoff1.WithFactor(1), backoff1.WithJitterFactor(0))
	b, cancel := p.Start(ctx)
	defer cancel()
	for backoff1.Continue(b) { // want `retry loop waits the same delay before every attempt \(backoff.Continue\)`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratV1Retry(ctx context.Context) error {
	p := backoff1.NewConstant(time.Second)
	return backoff1.Retry(ctx, p, backoff1.ExecuteFunc(func(context.Context) error { return call() })) // want `backoff.Retry waits the same delay before every attempt: use backoff.NewExponential`
}

// Look-alikes: NewExponential grows and jitters by default; a factor of 1
// with the default jitter spreads the clients apart.

func lestrratV1Exponential(ctx context.Context) error {
	b, cancel := backoff1.NewExponential(backoff1.WithInterval(time.Second)).Start(ctx)
	defer cancel()
	for backoff1.Continue(b) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

func lestrratV1FactorOneJitter(ctx context.Context) error {
	return backoff1.Retry(ctx, backoff1.NewExponential(backoff1.WithFactor(1)), backoff1.ExecuteFunc(func(context.Context) error { return call() }))
}

// A policy declared once at package level is read from its declaration.
var constantPolicy = backoff1.NewConstant(time.Second)

func lestrratV1PackagePolicy(ctx context.Context) error {
	b, cancel := constantPolicy.Start(ctx)
	defer cancel()
	for backoff1.Continue(b) { // want `retry loop waits the same delay before every attempt \(backoff.Continue\): use backoff.NewExponential`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}

// Look-alike: a package-level policy set again elsewhere is out of reach.
var configuredPolicy backoff1.Policy = backoff1.NewConstant(time.Second)

func configure(p backoff1.Policy) { configuredPolicy = p }

func lestrratV1ConfiguredPolicy(ctx context.Context) error {
	b, cancel := configuredPolicy.Start(ctx)
	defer cancel()
	for backoff1.Continue(b) {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}
