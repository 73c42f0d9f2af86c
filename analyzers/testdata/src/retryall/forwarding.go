package retryall

import (
	"context"
	"errors"
	"time"
)

// Shape 5: a wrapper whose loop only calls the operation its caller hands it
// is not where errors can be told apart; the caller's closure is.

var errDenied = errors.New("denied")

func create(context.Context) (int, error) { reach(); return 0, errDenied }

// GOOD at the wrapper: the operation comes from the caller.
func Retry[T any](ctx context.Context, op func() (T, error), next func(error) time.Duration) (T, error) {
	for {
		v, err := op()
		if err == nil {
			return v, nil
		}
		t := time.NewTimer(next(err))
		select {
		case <-ctx.Done():
			t.Stop()
			var zero T
			return zero, ctx.Err()
		case <-t.C:
		}
	}
}

// GOOD: the closure stops on a permanent error.
func lookupWithStop(d time.Duration) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return Retry(ctx, func() (int, error) {
		v, err := create(ctx)
		if errors.Is(err, errDenied) {
			return 0, nil
		}
		return v, err
	}, func(error) time.Duration { return time.Second })
}

// The closure retries every error: reported at the call.
func lookupEveryError(ctx context.Context) (int, error) {
	return Retry(ctx, func() (int, error) { // want `retryall.Retry retries every error the callback returns`
		return create(ctx)
	}, func(error) time.Duration { return time.Second })
}

// A func value from elsewhere: out of reach, not reported.
func lookupFuncValue(ctx context.Context, op func() (int, error)) (int, error) {
	return Retry(ctx, op, func(error) time.Duration { return time.Second })
}

// Look-alike: the loop's attempt is the wrapper's own call, not the caller's
// operation, so the wrapper's loop is reported.
func retryCreate(ctx context.Context, log func(error)) (int, error) {
	for { // want `retry loop retries every error alike`
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		log(err)
		time.Sleep(time.Second)
	}
}
