package retryall

import (
	"context"
	"fmt"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v5"

	"retryall/waitretry"
)

// A method of the package that hands its operation parameter to a wrapper of
// another package with fixed options (a constant wait, a time limit): the
// retrying is decided by the closures its callers pass.

type dnsProvider struct{ hc *http.Client }

func (d *dnsProvider) waitFor(ctx context.Context, operation func() error) error {
	err := waitretry.Retry(ctx, operation,
		backoff.WithBackOff(backoff.NewConstantBackOff(2*time.Second)),
		backoff.WithMaxElapsedTime(60*time.Second),
	)
	if err != nil {
		return fmt.Errorf("provider: %w", err)
	}
	return nil
}

func (d *dnsProvider) send(ctx context.Context, method, url string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// Every error of the POST goes round again, a 400 and a 403 too.
func (d *dnsProvider) present(ctx context.Context, url string) error {
	return d.waitFor(ctx, func() error { // want `retries every error`
		if err := d.send(ctx, http.MethodPost, url); err != nil {
			return fmt.Errorf("create record: %w", err)
		}
		return nil
	})
}

// Look-alike: the closure stops on what a repeat cannot fix.
func (d *dnsProvider) presentPermanent(ctx context.Context, url string) error {
	return d.waitFor(ctx, func() error {
		err := d.send(ctx, http.MethodPut, url)
		if err != nil && !isTemporary(err) {
			return backoff.Permanent(err)
		}
		return err
	})
}

func isTemporary(err error) bool {
	t, ok := err.(interface{ Temporary() bool })
	return ok && t.Temporary()
}

// The same hand-on to a loop wrapper of the package (Retry in forwarding.go)
// by a plain function.
func retryEvery(ctx context.Context, op func() (int, error)) (int, error) {
	return Retry(ctx, op, func(error) time.Duration { return 2 * time.Second })
}

func createEvery(ctx context.Context) (int, error) {
	return retryEvery(ctx, func() (int, error) { // want `retries every error`
		return create(ctx)
	})
}

func createOutOfReach(ctx context.Context, op func() (int, error)) (int, error) {
	return retryEvery(ctx, op)
}

// Look-alike: a parameter handed as it is to a library helper leaves the
// helper's call judged where it is, with its options: the wrapper's own
// retry, reported once there and not again at its callers.
func doEvery(op func() error) error {
	return retrygo.Do(op, retrygo.Attempts(20)) // want `retry.Do retries every error the callback returns`
}

func sendEvery() error {
	return doEvery(func() error { return send() })
}
