package unboundedretry

import (
	"context"
	"database/sql"
	"time"

	"github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	goretry "github.com/sethvargo/go-retry"
	k8sretry "k8s.io/client-go/util/retry"
)

func retryGoZero() error {
	return retry.Do(call, retry.Attempts(0)) // want `retry.Do retries until the callback succeeds \(retry.Attempts\(0\)\), with no attempt or time limit: set retry.Attempts to a positive count`
}

func retryGoUntil() error {
	return retry.Do(call, retry.UntilSucceeded()) // want `retry.Do retries until the callback succeeds \(retry.UntilSucceeded\(\)\)`
}

// GOOD: the caller's context bounds it.
func retryGoUntilCaller(ctx context.Context) error {
	return retry.Do(call, retry.UntilSucceeded(), retry.Context(ctx))
}

func v4NoElapsed() error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(call, b) // want `backoff.Retry retries until the callback succeeds \(b.MaxElapsedTime = 0\), with no attempt or time limit: wrap the backoff in backoff.WithMaxRetries`
}

func v4LiteralNoElapsed() error {
	return backoff.Retry(call, &backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxElapsedTime: 0}) // want `backoff.Retry retries until the callback succeeds \(MaxElapsedTime: 0\)`
}

func v4Constant() error {
	return backoff.Retry(call, backoff.NewConstantBackOff(time.Second)) // want `backoff.Retry retries until the callback succeeds \(backoff.NewConstantBackOff\(time.Second\)\)`
}

// GOOD: the caller's context bounds it.
func v5NoElapsed(ctx context.Context) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, call() }, backoff5.WithMaxElapsedTime(0))
	return err
}

func v5NoElapsedBackground() error {
	_, err := backoff5.Retry(context.Background(), func() (int, error) { return 0, call() }, backoff5.WithMaxElapsedTime(0)) // want `backoff.Retry retries until the callback succeeds \(backoff5.WithMaxElapsedTime\(0\)\)`
	return err
}

// BAD: the package's call hands it a context nothing cancels.
func goRetryUnbounded(ctx context.Context) error {
	b := goretry.NewExponential(time.Second)
	return goretry.Do(ctx, goretry.WithJitterPercent(10, b), func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) }) // want `retry.Do retries until the callback succeeds \(goretry.NewExponential\(time.Second\)\), with no attempt or time limit: its context never ends, as goRetryForever hands ctx context.Background\(\); wrap the backoff in retry.WithMaxRetries`
}

func goRetryForever() error { return goRetryUnbounded(context.Background()) }

func goRetryShortcut() error {
	return goretry.Fibonacci(context.Background(), time.Second, func(ctx context.Context) error { return callCtx(ctx) }) // want `retry.Fibonacci retries until the callback succeeds, with no attempt or time limit`
}

func crdbExecute() error {
	return crdb.Execute(call) // want `crdb.Execute retries until the callback succeeds, with no attempt or time limit: use crdb.ExecuteCtx`
}

// GOOD: the caller's context bounds it.
func crdbForever(ctx context.Context, db *sql.DB) error {
	ctx = crdb.WithMaxRetries(ctx, 0)
	return crdb.ExecuteTx(ctx, db, nil, func(*sql.Tx) error { return nil })
}

func failsafeForever() error {
	rp := retrypolicy.NewBuilder[any]().WithBackoff(time.Second, time.Minute).WithJitterFactor(0.1).WithMaxRetries(-1).Build()
	return failsafe.With[any](rp).Run(call) // want `Executor.Run retries until the callback succeeds`
}

// ---- negatives ----

func retryGoDefault() error { return retry.Do(call) }

func retryGoAttempts() error { return retry.Do(call, retry.Attempts(5)) }

func v4Default() error { return backoff.Retry(call, backoff.NewExponentialBackOff()) }

func v4Capped() error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(call, backoff.WithMaxRetries(b, 5))
}

func v4ConstantCapped() error {
	return backoff.Retry(call, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3))
}

func v5Default(ctx context.Context) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, call() })
	return err
}

func v5Tries(ctx context.Context) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, call() }, backoff5.WithMaxElapsedTime(0), backoff5.WithMaxTries(5))
	return err
}

func goRetryCapped(ctx context.Context) error {
	b := goretry.WithMaxRetries(5, goretry.NewExponential(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) })
}

func goRetryLocalDeadline(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()
	return goretry.Do(ctx, goretry.NewExponential(time.Second), func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) })
}

func crdbDefault(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(*sql.Tx) error { return nil })
}

func crdbCtxZero(ctx context.Context) error {
	return crdb.ExecuteCtx(crdb.WithMaxRetries(ctx, 0), func(context.Context, ...interface{}) error { return nil })
}

func k8sSteps() error { return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, call) }

func failsafeDefault() error {
	rp := retrypolicy.NewBuilder[any]().WithBackoff(time.Second, time.Minute).Build()
	return failsafe.With[any](rp).Run(call)
}

// An attempt count from configuration: assumed to be set on purpose.
func configured(n uint) error { return retry.Do(call, retry.Attempts(n)) }
