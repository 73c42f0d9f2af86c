package nojitter

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"

	"nojitter/backoffwrap"
)

// A wait.Backoff handed to a wrapper that passes it, unchanged, to
// wait.ExponentialBackoff paces the retry as if it had been given to the
// library directly.

var writeRetry = wait.Backoff{Steps: 5, Duration: time.Second, Factor: 2}

func wrappedPackageVar() error {
	return backoffwrap.Backoff(writeRetry, func() (bool, error) { return true, call() }) // want `backoffwrap.Backoff backs off without jitter: set a Jitter \(e.g. 0.1\) in the wait.Backoff`
}

func wrappedLiteral() error {
	return backoffwrap.Backoff(wait.Backoff{Steps: 6, Duration: time.Second, Factor: 3}, func() (bool, error) { return true, call() }) // want `Backoff backs off without jitter`
}

func wrappedTwice() error {
	return backoffwrap.Named("save", wait.Backoff{Steps: 6, Duration: time.Second, Factor: 2}, func() (bool, error) { return true, call() }) // want `Named backs off without jitter`
}

func wrappedOnError() error {
	return backoffwrap.OnError(wait.Backoff{Steps: 4, Duration: time.Second, Factor: 2}, call) // want `backoffwrap.OnError backs off without jitter`
}

// quiet: the caller's value has a jitter.
func wrappedJittered() error {
	return backoffwrap.Backoff(wait.Backoff{Steps: 5, Duration: time.Second, Factor: 2, Jitter: 0.1}, func() (bool, error) { return true, call() })
}

// quiet: the wrapper adds its own jitter before handing the value on.
func wrapperAddsJitter() error {
	return backoffwrap.Jittered(wait.Backoff{Steps: 5, Duration: time.Second, Factor: 2}, func() (bool, error) { return true, call() })
}

// quiet: the wrapper hands on a value it made from the caller's.
func wrapperRebuilds() error {
	return backoffwrap.Capped(wait.Backoff{Steps: 5, Duration: time.Second, Factor: 2}, func() (bool, error) { return true, call() })
}

// quiet: a value from a parameter is the caller's, out of reach here.
func wrappedParam(b wait.Backoff) error {
	return backoffwrap.Backoff(b, func() (bool, error) { return true, call() })
}
