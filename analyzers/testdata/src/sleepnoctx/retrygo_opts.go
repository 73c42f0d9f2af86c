package sleepnoctx

import (
	"context"

	retry "github.com/avast/retry-go/v4"
)

// Options built by a function of the package and spread into the retry call
// are that call's options: retry.Context inside the helper is the context
// the waits watch.

func withCtxOpts(ctx context.Context, n uint) []retry.Option {
	opts := []retry.Option{retry.Context(ctx), retry.Attempts(n)}
	return opts
}

func retryGoHelperCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, withCtxOpts(ctx, 3)...)
}

// Look-alike: the helper sets only the count.
func countOpts(n uint) []retry.Option { return []retry.Option{retry.Attempts(n)} }

func retryGoHelperNoCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, countOpts(3)...) // want `retry.Do sleeps between attempts without watching ctx: add the option retry.Context\(ctx\)`
}
