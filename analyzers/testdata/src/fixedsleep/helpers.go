package fixedsleep

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
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

func constantBackOffV4() error {
	b := backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5)
	return backoff.Retry(call, b) // want `backoff.Retry waits the same delay`
}

func constantBackOffV5(ctx context.Context) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, call() }, // want `backoff.Retry waits the same delay before every attempt: use backoff.NewExponentialBackOff\(\)`
		backoff5.WithBackOff(backoff5.NewConstantBackOff(time.Second)),
		backoff5.WithMaxTries(5))
	return err
}

func zeroBackOff() error {
	return backoff.Retry(call, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3)) // want `backoff.Retry retries at once, without any delay`
}

func retryGoFixed() error {
	return retry.Do(call, retry.Attempts(8), retry.DelayType(retry.FixedDelay)) // want `retry.Do waits the same delay before every attempt: keep retry-go's default delay type`
}

func goRetryConstant(ctx context.Context) error {
	b := goretry.WithMaxRetries(10, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) }) // want `retry.Do waits the same delay before every attempt: use retry.NewExponential wrapped in retry.WithJitterPercent`
}

// Four tries within 30 ms: over before a pace could matter (few quick tries).
func goRetryFewQuick(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.NewConstant(10*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) })
}

// Four tries whose count is the caller's: the tries are open.
func goRetryCallerCount(ctx context.Context, n uint64) error {
	b := goretry.WithMaxRetries(n, goretry.NewConstant(10*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) }) // want `retry.Do waits the same delay before every attempt`
}

func goRetryConstantShortcut(ctx context.Context) error {
	return goretry.Constant(ctx, time.Second, func(ctx context.Context) error { return callCtx(ctx) }) // want `retry.Constant waits the same delay`
}

func k8sFactorOne() error {
	b := wait.Backoff{Duration: 10 * time.Millisecond, Factor: 1, Steps: 10} // 5 steps would be a few quick tries
	return k8sretry.OnError(b, func(error) bool { return true }, call)       // want `retry.OnError waits the same delay before every attempt: set Factor above 1 and a Jitter`
}

func failsafeDelay() error {
	rp := retrypolicy.NewBuilder[any]().WithDelay(time.Second).WithMaxRetries(3).Build()
	return failsafe.With[any](rp).Run(call) // want `Executor.Run waits the same delay`
}

func failsafeNoDelay() error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build()
	return failsafe.With[any](rp).Run(call) // want `Executor.Run retries at once, without any delay`
}

// ---- negatives ----

func exponentialV4() error {
	return backoff.Retry(call, backoff.NewExponentialBackOff())
}

func defaultsV5(ctx context.Context) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, call() })
	return err
}

func retryGoDefault() error {
	return retry.Do(call, retry.Attempts(5))
}

func retryGoRandomized() error {
	return retry.Do(call, retry.DelayType(retry.CombineDelay(retry.FixedDelay, retry.RandomDelay)))
}

func goRetryJittered(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.WithJitterPercent(20, goretry.NewConstant(time.Second)))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(callCtx(ctx)) })
}

func k8sDefaultRetry() error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, call)
}

func k8sJittered() error {
	return k8sretry.OnError(wait.Backoff{Duration: time.Second, Factor: 1, Jitter: 0.2, Steps: 4}, func(error) bool { return true }, call)
}

// cockroach-go retries at once by design; the rule leaves it to the library.
func crdbTx(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error { return nil })
}

// A backoff from the caller: unknown.
func fromCaller(b backoff.BackOff) error {
	return backoff.Retry(call, b)
}
