package nojitter

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

func literalWithoutFactor() error {
	b := &backoff.ExponentialBackOff{
		InitialInterval: 100 * time.Millisecond,
		Multiplier:      2,
		MaxInterval:     10 * time.Second,
		MaxElapsedTime:  time.Minute,
		Clock:           backoff.SystemClock,
	}
	return backoff.Retry(call, b) // want `backoff.Retry backs off without jitter: the ExponentialBackOff literal`
}

func literalZeroFactor() error {
	b := &backoff.ExponentialBackOff{
		InitialInterval:     100 * time.Millisecond,
		RandomizationFactor: 0,
		Multiplier:          2,
		MaxElapsedTime:      time.Minute,
	}
	return backoff.Retry(call, b) // want `RandomizationFactor 0 turns the jitter off`
}

func assignedZeroFactor() error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0
	return backoff.Retry(call, backoff.WithMaxRetries(b, 5)) // want `RandomizationFactor 0 turns the jitter off`
}

func optionZeroFactor() error {
	b := backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0))
	return backoff.Retry(call, b) // want `backoff.Retry backs off without jitter: RandomizationFactor 0 turns the jitter off`
}

func v5LiteralZero(ctx context.Context) error {
	b := &backoff5.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2, MaxInterval: time.Minute}
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, call() }, backoff5.WithBackOff(b)) // want `backoff.Retry backs off without jitter: the ExponentialBackOff literal leaves RandomizationFactor at 0`
	return err
}

func k8sNoJitter() error {
	return k8sretry.OnError(wait.Backoff{Duration: 10 * time.Millisecond, Factor: 2, Steps: 5}, func(error) bool { return true }, call) // want `retry.OnError backs off without jitter: set a Jitter`
}

func k8sJitterZero() error {
	b := k8sretry.DefaultBackoff
	b.Jitter = 0
	return k8sretry.OnError(b, func(error) bool { return true }, call) // want `retry.OnError backs off without jitter`
}

func goRetryExponential(ctx context.Context) error {
	b := goretry.WithMaxRetries(5, goretry.NewExponential(100*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) }) // want `retry.Do backs off without jitter`
}

func goRetryFibonacci(ctx context.Context) error {
	b := goretry.NewFibonacci(time.Second)
	b = goretry.WithMaxDuration(time.Minute, b)
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) }) // want `retry.Do backs off without jitter: wrap the backoff in retry.WithJitterPercent`
}

func retryGoBackOffOnly() error {
	return retry.Do(call, retry.DelayType(retry.BackOffDelay)) // want `retry.Do backs off without jitter: DelayType\(BackOffDelay\) alone is deterministic`
}

func failsafeBackoff() error {
	rp := retrypolicy.NewBuilder[any]().WithBackoff(time.Second, time.Minute).Build()
	return failsafe.With[any](rp).Run(call) // want `Executor.Run backs off without jitter: add WithJitterFactor`
}

// ---- negatives ----

func defaultExponential() error {
	return backoff.Retry(call, backoff.NewExponentialBackOff())
}

func literalWithFactor() error {
	return backoff.Retry(call, &backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.3, Multiplier: 2, MaxElapsedTime: time.Minute})
}

func retryGoDefault() error {
	return retry.Do(call)
}

func retryGoFullJitter() error {
	return retry.Do(call, retry.DelayType(retry.FullJitterBackoffDelay))
}

func retryGoCombined() error {
	return retry.Do(call, retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)))
}

func goRetryJitter(ctx context.Context) error {
	b := goretry.WithFullJitter(goretry.WithMaxRetries(5, goretry.NewExponential(time.Second)))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) })
}

func k8sDefaults() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, call)
}

func failsafeJitter() error {
	rp := retrypolicy.NewBuilder[any]().WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2).Build()
	return failsafe.With[any](rp).Run(call)
}

// A factor that comes from configuration: unknown.
func configured(factor float64) error {
	return k8sretry.OnError(wait.Backoff{Duration: time.Second, Factor: factor, Jitter: 0, Steps: 3}, func(error) bool { return true }, call)
}

func goRetryShortcut(ctx context.Context) error {
	return goretry.Exponential(ctx, time.Second, func(ctx context.Context) error { return callCtx(ctx) }) // want `retry.Exponential backs off without jitter: call retry.Do with the backoff wrapped in retry.WithJitterPercent`
}
