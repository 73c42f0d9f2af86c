// Package lateoptions is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: unboundedretry fixedsleep retryall sleepnoctx nojitter
package lateoptions

import (
	"context"
	"database/sql"
	"errors"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v5"
)

// retry-go and backoff v5 apply a call's options in order: an option the
// code cannot see that comes after the ones it can may replace them (the
// count, the delay type, the delay), and may hold what the call does not
// show (a RetryIf, a Context). Options after it win.

var db *sql.DB

func store() error { _, err := db.Exec("UPDATE jobs SET state = 'done'"); return err }

func storeCtx(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'done'")
	return err
}

// ---- the caller's options come last: nothing is claimed from the ones before ----

func callerLast(ctx context.Context, extra ...retry.Option) error {
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2 * time.Second)}, extra...)
	return retry.Do(store, opts...)
}

func callerLastInline(ctx context.Context, extra ...retry.Option) error {
	return retry.Do(store, append([]retry.Option{retry.Context(ctx), retry.UntilSucceeded(), retry.DelayType(retry.FixedDelay)}, extra...)...)
}

func callerLastAppended(ctx context.Context, extra []retry.Option) error {
	opts := []retry.Option{retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2 * time.Second)}
	opts = append(opts, extra...)
	return retry.Do(store, opts...)
}

type runner struct{ opts []retry.Option }

func (r *runner) fieldLast(ctx context.Context) error {
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2 * time.Second)}, r.opts...)
	return retry.Do(store, opts...)
}

func onlyCallers(extra ...retry.Option) error {
	return retry.Do(store, extra...)
}

func exponentialLate(ctx context.Context, extra ...retry.Option) error {
	return retry.Do(store, append([]retry.Option{retry.Context(ctx), retry.Attempts(12), retry.DelayType(retry.BackOffDelay), retry.Delay(time.Second)}, extra...)...)
}

func noContextLate(ctx context.Context, extra ...retry.Option) error {
	return retry.Do(func() error { return storeCtx(ctx) }, append([]retry.Option{retry.Attempts(12), retry.Delay(time.Second)}, extra...)...)
}

func noContextKnownLast(ctx context.Context, extra ...retry.Option) error {
	return retry.Do(func() error { return storeCtx(ctx) }, append(extra, retry.Attempts(12), retry.Delay(time.Second))...)
}

// ---- the options the code shows come last, or are all there is ----

func knownLast(ctx context.Context, extra ...retry.Option) error {
	opts := append(extra, retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2*time.Second))
	return retry.Do(store, opts...) // reports: unboundedretry fixedsleep retryall
}

func knownLastAppended(ctx context.Context, extra ...retry.Option) error {
	opts := append([]retry.Option{}, extra...)
	opts = append(opts, retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2*time.Second))
	return retry.Do(store, opts...) // reports: unboundedretry fixedsleep retryall
}

// The package hands these a context that never ends, so only an attempt
// count could bound them, and its calls pass no options of their own: no
// RetryIf can hide in extra either (retryall).
func startKnown() {
	_ = knownLast(context.Background())
	_ = knownLastAppended(context.Background())
	_ = noneUnknown(context.Background())
	_, _ = v5KnownLast(context.Background())
}

func noneUnknown(ctx context.Context) error {
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(0)}, retry.DelayType(retry.FixedDelay), retry.Delay(2*time.Second))
	return retry.Do(store, opts...) // reports: unboundedretry fixedsleep retryall
}

func exponentialKnown(ctx context.Context) error {
	return retry.Do(store, retry.Context(ctx), retry.Attempts(12), retry.DelayType(retry.BackOffDelay), retry.Delay(time.Second)) // reports: nojitter retryall
}

func noContext(ctx context.Context) error {
	return retry.Do(func() error { return storeCtx(ctx) }, retry.Attempts(12), retry.Delay(time.Second)) // reports: sleepnoctx retryall
}

// ---- an unexported function whose every call the package shows: what
// the calls pass is what may be replaced ----

func pollEvery(ctx context.Context, extra ...retry.Option) error {
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2 * time.Second)}, extra...)
	return retry.Do(store, opts...) // reports: fixedsleep retryall
}

func startPolling(ctx context.Context, n uint) error {
	return pollEvery(ctx, retry.Attempts(n), retry.Delay(time.Second))
}

func isTransient(err error) bool { return !errors.Is(err, sql.ErrNoRows) }

func pollGrowing(ctx context.Context, extra ...retry.Option) error {
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2 * time.Second)}, extra...)
	return retry.Do(store, opts...) // reports: unboundedretry
}

func startGrowing() error {
	return pollGrowing(context.Background(), retry.DelayType(retry.BackOffDelay), retry.RetryIf(isTransient))
}

// baseOptions hands its caller's options on after its own: its only call
// passes a count, which replaces Attempts(0); the fixed delay stays.
func baseOptions(ctx context.Context, extra ...retry.Option) []retry.Option {
	return append([]retry.Option{retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2 * time.Second)}, extra...)
}

func throughHelper(ctx context.Context, n uint) error {
	return retry.Do(store, baseOptions(ctx, retry.Attempts(n))...) // reports: fixedsleep retryall
}

// Exported, its calls are not all in sight: anything may be in extra.
func PollExported(ctx context.Context, extra ...retry.Option) error {
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(0), retry.DelayType(retry.FixedDelay), retry.Delay(2 * time.Second)}, extra...)
	return retry.Do(store, opts...)
}

func startExported(ctx context.Context, n uint) error {
	return PollExported(ctx, retry.Attempts(n))
}

// ---- backoff v5 ----

func v5CallerLast(ctx context.Context, extra ...backoff.RetryOption) (int, error) {
	opts := append([]backoff.RetryOption{backoff.WithBackOff(backoff.NewConstantBackOff(2 * time.Second)), backoff.WithMaxElapsedTime(0)}, extra...)
	return backoff.Retry(ctx, func() (int, error) { return 0, store() }, opts...) // reports: retryall
}

func v5KnownLast(ctx context.Context, extra ...backoff.RetryOption) (int, error) {
	opts := append(extra, backoff.WithBackOff(backoff.NewConstantBackOff(2*time.Second)), backoff.WithMaxElapsedTime(0))
	return backoff.Retry(ctx, func() (int, error) { return 0, store() }, opts...) // reports: unboundedretry fixedsleep retryall
}
