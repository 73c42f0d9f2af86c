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

// A wrapper of a wrapper through a closure kept in a local: RetryValue hands
// Retry0 a literal that forwards its caller's operation, so it is a retry
// wrapper too, and its callers' closures are judged.

func Retry0(ctx context.Context, attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts && ctx.Err() == nil; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func RetryValue[T any](ctx context.Context, attempts int, op func() (T, error)) (T, error) {
	var v T
	f := func() (err error) {
		v, err = op()
		return
	}
	err := Retry0(ctx, attempts, f)
	return v, err
}

func valueEveryError(ctx context.Context) (int, error) {
	return RetryValue(ctx, 10, func() (int, error) { // want `retryall.RetryValue retries every error the callback returns`
		return create(ctx)
	})
}

// GOOD: the closure stops on a permanent error.
func valueWithStop(ctx context.Context) (int, error) {
	return RetryValue(ctx, 10, func() (int, error) {
		v, err := create(ctx)
		if errors.Is(err, errDenied) {
			return 0, nil
		}
		return v, err
	})
}

// Look-alike: a local closure that makes its own call is the wrapper's own
// attempt, judged where it is handed over.
func valueDirect(ctx context.Context) error {
	f := func() error {
		_, err := create(ctx)
		return err
	}
	return Retry0(ctx, 10, f) // want `retryall.Retry0 retries every error the callback returns`
}
