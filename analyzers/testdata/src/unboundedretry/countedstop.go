package unboundedretry

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
)

// A helper set to retry without end whose callback returns the library's
// stop mark once a count of failures, kept outside the callback and counted
// up around the call, reaches a limit, is bounded by that count. A count
// the callback resets every attempt, a mark returned on a test of the
// error, or a count nothing increments bounds nothing.

type reconnector struct {
	failures int
}

func (s *reconnector) superviseCounted(ctx context.Context, max int) error {
	s.failures = 0
	delay := func(n uint, err error, c *retry.Config) time.Duration {
		s.failures++
		return retry.BackOffDelay(uint(s.failures), err, c)
	}
	return retry.Do(func() error {
		err := call()
		if s.failures >= max {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.DelayType(delay), retry.Attempts(0), retry.Context(ctx))
}

func countedInCallback() error {
	fails := 0
	return retry.Do(func() error {
		err := call()
		if err != nil {
			fails++
		}
		if 5 < fails {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.UntilSucceeded())
}

func countResetEachAttempt() error {
	fails := 0
	return retry.Do(func() error { // want `retry.Do retries until the callback succeeds \(retry.Attempts\(0\)\)`
		fails = 0
		err := call()
		if err != nil {
			fails++
		}
		if fails >= 5 {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.Attempts(0))
}

var errLinkGone = errors.New("gone")

func markOnErrorTest() error {
	return retry.Do(func() error { // want `retry.Do retries until the callback succeeds \(retry.Attempts\(0\)\)`
		err := call()
		if errors.Is(err, errLinkGone) {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.Attempts(0))
}

func (s *reconnector) countNeverRaised(max int) error {
	return retry.Do(func() error { // want `retry.Do retries until the callback succeeds \(retry.Attempts\(0\)\)`
		err := call()
		if s.failures >= max {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.Attempts(0))
}

func backoffCountedPermanent() error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	tries := 0
	return backoff.Retry(func() error {
		tries++
		err := call()
		if tries > 8 {
			return backoff.Permanent(err)
		}
		return err
	}, b)
}

func backoffPermanentOnFlag(stop *bool) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { // want `backoff.Retry retries until the callback succeeds \(b.MaxElapsedTime = 0\)`
		err := call()
		if *stop {
			return backoff.Permanent(err)
		}
		return err
	}, b)
}
