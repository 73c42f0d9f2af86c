package retryall

import (
	"context"
	"errors"
	"time"

	"github.com/flowchartsman/retry"
)

func flowchartsmanEveryError() error {
	r := retry.NewRetrier(5, 100*time.Millisecond, time.Second)
	return r.Run(func() error { return send() }) // want `retry.Run retries every error the callback returns: wrap errors that cannot succeed with retry.Stop`
}

func flowchartsmanCtxEveryError(ctx context.Context, r *retry.Retrier) error {
	return r.RunContext(ctx, func(ctx context.Context) error { return send() }) // want `retry.RunContext retries every error the callback returns`
}

// Look-alike: the callback stops on an error that cannot succeed.
func flowchartsmanStops() error {
	r := retry.NewRetrier(5, 100*time.Millisecond, time.Second)
	return r.Run(func() error {
		err := send()
		if errors.Is(err, ErrNotFound) {
			return retry.Stop(err)
		}
		return err
	})
}
