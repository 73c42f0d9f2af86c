package sleepnoctx

import (
	"context"

	retryu "github.com/avast/retry-go"
	retry3 "github.com/avast/retry-go/v3"
	retry5 "github.com/avast/retry-go/v5"
)

// Every major version of retry-go takes the context as the option
// retry.Context(ctx); v4 is in a.go.

func retryGoUnversionedNoCtx(ctx context.Context) error {
	return retryu.Do(func() error { return send(ctx) }, retryu.Attempts(8)) // want `retry.Do sleeps between attempts without watching ctx: add the option retry.Context\(ctx\)`
}

func retryGoUnversionedCtx(ctx context.Context) error {
	return retryu.Do(func() error { return send(ctx) }, retryu.Attempts(8), retryu.Context(ctx))
}

func retryGoV3NoCtx(ctx context.Context) error {
	return retry3.Do(func() error { return send(ctx) }, retry3.Attempts(8)) // want `retry.Do sleeps between attempts without watching ctx: add the option retry.Context\(ctx\)`
}

func retryGoV3Ctx(ctx context.Context) error {
	return retry3.Do(func() error { return send(ctx) }, retry3.Attempts(8), retry3.Context(ctx))
}

func retryGoV5NoCtx(ctx context.Context) error {
	return retry5.New(retry5.Attempts(8)).Do(func() error { return send(ctx) }) // want `retry.Do sleeps between attempts without watching ctx: add the option retry.Context\(ctx\)`
}

func retryGoV5Ctx(ctx context.Context) error {
	return retry5.New(retry5.Attempts(8), retry5.Context(ctx)).Do(func() error { return send(ctx) })
}

func retryGoV5Retrier(ctx context.Context) error {
	r := retry5.New(retry5.Context(ctx))
	return r.Do(func() error { return send(ctx) })
}
