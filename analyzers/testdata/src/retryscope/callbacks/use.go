// Package callbacks calls helpers and wrappers.
package callbacks

import (
	"context"
	"errors"
	"net"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"

	"retryscope/wrapperlib"
)

var errGone = errors.New("gone")

// work reaches a server: a retry of it is a retry layer on the server
// (exportRetries: a retry of local work is none).
func work() error {
	conn, err := net.Dial("tcp", "db.internal:5432")
	if err != nil {
		return err
	}
	return conn.Close()
}

func viaWrapper(ctx context.Context) error { // want `fact retries via retryscope/wrapperlib.Do`
	return wrapperlib.Do(ctx, func(ctx context.Context) error { return work() }) // want `retry callback classified=false bounded=false max=4 ctx=ctx`
}

func viaNested() error { // want `fact retries via retryscope/wrapperlib.Twice`
	return wrapperlib.Twice(work) // want `retry callback classified=false`
}

func notAWrapper() error {
	return wrapperlib.Once(work)
}

func knownHelper() error { // want `fact retries via github.com/avast/retry-go/v4.Do`
	return retry.Do(work, retry.Attempts(3), retry.RetryIf(func(err error) bool { return !errors.Is(err, errGone) })) // want `retry callback classified=true`
}

func inMemory() error { return nil }

// A retry of in-process work is no retry layer on a dependency: no fact.
func knownHelperLocal() error {
	return retry.Do(inMemory, retry.Attempts(3)) // want `retry callback classified=false`
}

func permanent() error { // want `fact retries via github.com/cenkalti/backoff/v4.Retry`
	op := func() error {
		if err := work(); errors.Is(err, errGone) {
			return backoff.Permanent(err)
		}
		return work()
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff()) // want `retry callback classified=true`
}

// Callbacks of a verdict wrapper of another package (shape 7c).
func viaVerdict() error { // want `fact retries via retryscope/wrapperlib.Until`
	return wrapperlib.Until(func(int) (bool, error) { // want `retry callback classified=false bounded=false`
		err := work()
		return err != nil, err
	})
}

func viaVerdictBounded() error { // want `fact retries via retryscope/wrapperlib.UntilTwice`
	return wrapperlib.UntilTwice(func(i int) (bool, error) { // want `retry callback classified=false bounded=true`
		err := work()
		return err != nil && i < 3, err
	})
}

// A poll through a verdict wrapper is no retry: no region, no fact.
func viaVerdictPoll(ready func() (bool, error)) error {
	return wrapperlib.Until(func(int) (bool, error) {
		ok, err := ready()
		if err != nil {
			return false, err
		}
		return !ok, nil
	})
}
