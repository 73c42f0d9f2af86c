// Package retrypred is a project's own retry wrapper in a package of its
// own: the caller chooses which errors are retried, and the wrapper hands
// that predicate to retry-go through the function that builds its options.
package retrypred

import (
	"context"

	retry "github.com/avast/retry-go/v4"
)

// Do retries op, following retryIf; a nil retryIf retries every error.
func Do(ctx context.Context, attempts uint, op func() error, retryIf func(error) bool) error {
	return retry.Do(op, opts(ctx, attempts, retryIf)...)
}

func opts(ctx context.Context, attempts uint, retryIf func(error) bool) []retry.Option {
	o := []retry.Option{retry.Context(ctx), retry.Attempts(attempts)}
	if retryIf != nil {
		o = append(o, retry.RetryIf(retryIf))
	}
	return o
}

// DoIgnoring takes a predicate and never uses it: every error is retried.
func DoIgnoring(ctx context.Context, op func() error, retryIf func(error) bool) error {
	return retry.Do(op, retry.Context(ctx))
}

// Forward retries a literal calling op, following retryIf: a nil retryIf
// retries every error.
func Forward(ctx context.Context, op func() error, retryIf func(error) bool) error {
	o := []retry.Option{retry.Context(ctx), retry.Attempts(20)}
	if retryIf != nil {
		o = append(o, retry.RetryIf(retryIf))
	}
	return retry.Do(func() error { return op() }, o...)
}
