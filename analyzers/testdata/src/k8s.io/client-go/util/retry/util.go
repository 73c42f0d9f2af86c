// Package retry is a stub of k8s.io/client-go/util/retry (v0.37.2) for analysistest.
// RetryOnConflict retries only conflicts; OnError retries errors its predicate accepts.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
)

// DefaultRetry is the recommended backoff for a conflict where a client may be
// attempting to make an unrelated modification: 5 steps, 10ms, factor 1, jitter 0.1.
var DefaultRetry = wait.Backoff{
	Steps:    5,
	Duration: 10 * time.Millisecond,
	Factor:   1.0,
	Jitter:   0.1,
}

// DefaultBackoff is the recommended backoff for a conflict where a client may be
// attempting to make a modification that conflicts with another: 4 steps, factor 5.
var DefaultBackoff = wait.Backoff{
	Steps:    4,
	Duration: 10 * time.Millisecond,
	Factor:   5.0,
	Jitter:   0.1,
}

// OnError retries fn while retriable(err) is true, waiting by backoff.
func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error {
	return fn()
}

// RetryOnConflict retries fn while it returns a conflict error.
func RetryOnConflict(backoff wait.Backoff, fn func() error) error {
	return OnError(backoff, errors.IsConflict, fn)
}
