// Package wrapperlib has retry wrappers for other packages to call.
package wrapperlib

import (
	"context"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

// Do retries fn with its own loop.
func Do(ctx context.Context, fn func(context.Context) error) error { // want `fact retries param 1` `fact retries via retry loop`
	var err error
	for i := 0; i < 4; i++ { // want `retry loop classified=false bounded=true max=4`
		if err = fn(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Backoff hands fn to a known helper.
func Backoff(op func() error) error { // want `fact retries param 0` `fact retries via github.com/cenkalti/backoff/v4.Retry`
	return backoff.Retry(func() error { return op() }, backoff.NewExponentialBackOff()) // want `retry callback classified=false`
}

// Twice wraps a wrapper.
func Twice(op func() error) error { // want `fact retries param 0` `fact retries via retryscope/wrapperlib.Backoff`
	return Backoff(op) // want `retry callback classified=false`
}

// Once is not a wrapper: it calls its parameter once.
func Once(op func() error) error {
	return op()
}

// Until goes round while its callback's verdict says so (shape 7c): its
// callers' callbacks decide, and its own loop is no retry region.
func Until(f func(attempt int) (bool, error)) error { // want `fact retries param 0`
	for i := 0; ; i++ {
		again, err := f(i)
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

// UntilTwice hands its callback on to a verdict wrapper.
func UntilTwice(f func(attempt int) (bool, error)) error { // want `fact retries param 0`
	return Until(f)
}
