package fixedsleep

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// A wait.Backoff handed unchanged through a wrapper of wait.ExponentialBackoff
// paces each call of the wrapper as if given to the library.

func backoffThrough(b wait.Backoff, f func() (bool, error)) error {
	return wait.ExponentialBackoff(b, f)
}

func constantThroughWrapper() error {
	return backoffThrough(wait.Backoff{Steps: 10, Duration: 2 * time.Second, Factor: 1}, func() (bool, error) { return true, call() }) // want `backoffThrough waits the same delay before every attempt`
}

// quiet: the caller's value grows (and jitters).
func growingThroughWrapper() error {
	return backoffThrough(wait.Backoff{Steps: 10, Duration: 2 * time.Second, Factor: 2, Jitter: 0.1}, func() (bool, error) { return true, call() })
}

// backoffGrown grows the caller's value before handing it on: its own pace.
func backoffGrown(b wait.Backoff, f func() (bool, error)) error {
	b.Factor = 2
	return wait.ExponentialBackoff(b, f)
}

// quiet: the wrapper sets the Factor itself.
func constantIntoGrowingWrapper() error {
	return backoffGrown(wait.Backoff{Steps: 10, Duration: 2 * time.Second, Factor: 1}, func() (bool, error) { return true, call() })
}
