package retryall

import (
	"context"
	"errors"

	retry "github.com/avast/retry-go/v4"
)

// Options built by a function of the package and spread into the retry call
// are that call's options: a RetryIf the helper appends classifies, whether
// its predicate is written there or handed in by the helper's caller.

func retryOpts(ctx context.Context, retryIf func(error) bool) []retry.Option {
	opts := []retry.Option{retry.Context(ctx), retry.Attempts(3)}
	if retryIf != nil {
		opts = append(opts, retry.RetryIf(retryIf))
	}
	return opts
}

func isTransient(err error) bool { return !errors.Is(err, ErrNotFound) }

func retryGoHelperClassifies(ctx context.Context) error {
	return retry.Do(send, retryOpts(ctx, isTransient)...)
}

// Look-alike: the helper's options say how often, not which errors.
func countOnlyOpts(ctx context.Context) []retry.Option {
	return []retry.Option{retry.Context(ctx), retry.Attempts(20)}
}

func retryGoHelperCountsOnly(ctx context.Context) error {
	return retry.Do(send, countOnlyOpts(ctx)...) // want `retry.Do retries every error the callback returns: add retry.RetryIf`
}
