// Package backoffwrap holds wrappers of wait.ExponentialBackoff that its
// callers in another package hand a wait.Backoff to.
package backoffwrap

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

// Backoff hands b on as it is: the caller's value is the pace.
func Backoff(b wait.Backoff, f func() (bool, error)) error {
	var err error
	waitErr := wait.ExponentialBackoff(b, func() (bool, error) {
		var done bool
		done, err = f()
		return done, nil
	})
	if waitErr != nil {
		return fmt.Errorf("%w: %v", waitErr, err)
	}
	return err
}

// Named goes through Backoff, handing its own parameter on.
func Named(name string, b wait.Backoff, f func() (bool, error)) error {
	if err := Backoff(b, f); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// Jittered adds its own jitter to the caller's value before handing it on.
func Jittered(b wait.Backoff, f func() (bool, error)) error {
	b.Jitter = 0.1
	return wait.ExponentialBackoff(b, f)
}

// Capped hands on a value made from the caller's: out of reach here.
func Capped(b wait.Backoff, f func() (bool, error)) error {
	return wait.ExponentialBackoff(capped(b), f)
}

func capped(b wait.Backoff) wait.Backoff {
	b.Jitter = 0.2
	return b
}

// OnError hands b on to client-go's retry, with a predicate of its own.
func OnError(b wait.Backoff, fn func() error) error {
	return retry.OnError(b, transient, fn)
}

func transient(err error) bool { return err != nil && err.Error() == "transient" }
