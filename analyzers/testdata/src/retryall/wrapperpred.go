package retryall

import (
	"context"
	"errors"

	"example.com/retrypred"
	retry "github.com/avast/retry-go/v4"
)

// A wrapper that forwards its caller's operation and hands its caller's
// predicate to retry.RetryIf: the caller classifies through the predicate,
// as if it had given it to retry-go itself.

func forwardRetry(ctx context.Context, op func() error, retryIf func(error) bool) error {
	return retry.Do(func() error { return op() }, retry.Context(ctx), retry.Attempts(20), retry.RetryIf(retryIf))
}

// forwardIgnoring takes a predicate and never uses it.
func forwardIgnoring(ctx context.Context, op func() error, retryIf func(error) bool) error {
	return retry.Do(func() error { return op() }, retry.Context(ctx), retry.Attempts(20))
}

func isRetryable(err error) bool { return !errors.Is(err, ErrNotFound) }

// GOOD: the predicate classifies.
func sendViaForward(ctx context.Context) error {
	return forwardRetry(ctx, func() error { return send() }, isRetryable)
}

// GOOD: the same through a wrapper of another package.
func sendViaForwardPkg(ctx context.Context) error {
	return retrypred.Forward(ctx, func() error { return send() }, isRetryable)
}

// No predicate: every error is retried.
func sendViaForwardNoPredicate(ctx context.Context) error {
	return retrypred.Forward(ctx, func() error { return send() }, nil) // want `retrypred.Forward retries every error the callback returns`
}

// The wrapper never reads its predicate.
func sendViaForwardIgnoring(ctx context.Context) error {
	return forwardIgnoring(ctx, func() error { return send() }, isRetryable) // want `retryall.forwardIgnoring retries every error the callback returns`
}

// forwardTransient classifies with a predicate of its own.
func forwardTransient(ctx context.Context, op func() error) error {
	return retry.Do(func() error { return op() }, retry.Context(ctx), retry.RetryIf(isRetryable))
}

// forwardChained gives a classifying predicate to a wrapper that hands it to retry-go.
func forwardChained(ctx context.Context, op func() error) error {
	return retrypred.Forward(ctx, func() error { return op() }, isRetryable)
}

// forwardChainedNil gives that wrapper none.
func forwardChainedNil(ctx context.Context, op func() error) error {
	return retrypred.Forward(ctx, func() error { return op() }, nil)
}

// GOOD: the wrappers classify.
func sendViaTransient(ctx context.Context) error {
	return forwardTransient(ctx, func() error { return send() })
}

func sendViaChained(ctx context.Context) error {
	return forwardChained(ctx, func() error { return send() })
}

func sendViaChainedNil(ctx context.Context) error {
	return forwardChainedNil(ctx, func() error { return send() }) // want `retryall.forwardChainedNil retries every error the callback returns`
}
