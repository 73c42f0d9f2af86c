package sleepnoctx

import (
	"context"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

// A backoff built by a function of the package may have been given the
// context there (shape: claims of absence need proof), so it is not reported.
func newBackoff(ctx context.Context) backoff.BackOff {
	return backoff.WithContext(backoff.NewExponentialBackOff(), ctx)
}

func backoffFromBuilder(ctx context.Context) error {
	b := newBackoff(ctx)
	return backoff.Retry(func() error { return send(ctx) }, b)
}

// Look-alike: a builder that returns another type (a plain duration) hides
// nothing about the BackOff, which is made here without the context.
func maxWait() time.Duration { return time.Minute }

func backoffBuiltHere(ctx context.Context) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = maxWait()
	return backoff.Retry(func() error { return send(ctx) }, b) // want `backoff.Retry sleeps between attempts without watching ctx`
}
