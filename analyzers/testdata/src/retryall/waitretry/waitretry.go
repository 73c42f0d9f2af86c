// Package waitretry wraps a retry helper for the retryall tests: Retry hands
// its caller's operation to backoff.Retry with the caller's options.
package waitretry

import (
	"context"

	"github.com/cenkalti/backoff/v5"
)

// Retry retries operation until it succeeds or ctx ends.
func Retry(ctx context.Context, operation func() error, opts ...backoff.RetryOption) error {
	_, err := backoff.Retry(ctx, func() (any, error) {
		return nil, operation()
	}, opts...)
	return err
}
