// Package k8sretrypred is a project's own wrapper of client-go's
// retry.OnError in a package of its own: the caller chooses which errors are
// retried, and the wrapper hands that predicate on, as it is or through a
// literal that only forwards to it.
package k8sretrypred

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

// OnRetriable retries fn while retriable accepts its error.
func OnRetriable(max time.Duration, fn func() error, retriable func(error) bool) error {
	b := wait.Backoff{Duration: 10 * time.Millisecond, Factor: 2, Jitter: 0.1, Steps: 20, Cap: max}
	return retry.OnError(b, func(err error) bool { return retriable(err) }, fn)
}
