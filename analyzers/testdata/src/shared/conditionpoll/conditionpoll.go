// Package conditionpoll is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep nojitter
package conditionpoll

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

// wait.ExponentialBackoff stops at the first error its condition returns: a
// condition that returns the error of each call it makes, right after the
// call, never retries a failure. What goes round is a "not yet" it made from
// an answer, so the helper polls a condition, at a poll's steady pace. A
// condition that swallows a call's error and answers "not yet" retries it,
// and so does retry.OnError, whose predicate decides what goes round.

type replica struct{ base string }

func (r *replica) receiving(ctx context.Context) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.base+"/receiver", nil)
	if err != nil {
		return false, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// waitReceiverDown stops on the probe's error, done or not.
func waitReceiverDown(ctx context.Context, r *replica) error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Steps: math.MaxInt32}, func() (bool, error) {
		up, err := r.receiving(ctx)
		if err != nil {
			return true, err
		}
		return !up, nil
	})
}

// waitReceiverDownCtx returns the error wrapped, with (false, err).
func waitReceiverDownCtx(ctx context.Context, r *replica) error {
	return wait.ExponentialBackoffWithContext(ctx, wait.Backoff{Duration: time.Second, Factor: 2, Steps: 12}, func(ctx context.Context) (bool, error) {
		up, err := r.receiving(ctx)
		if err != nil {
			return false, fmt.Errorf("probe receiver: %w", err)
		}
		return !up, nil
	})
}

// ---- look-alikes: retries ----

// The probe's error is swallowed: a failed probe goes round.
func waitReceiverDownSwallowed(ctx context.Context, r *replica) error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Steps: math.MaxInt32}, func() (bool, error) { // reports: fixedsleep
		up, err := r.receiving(ctx)
		if err != nil {
			return false, nil
		}
		return !up, nil
	})
}

func waitReceiverDownSwallowedGrowing(ctx context.Context, r *replica) error {
	return wait.ExponentialBackoffWithContext(ctx, wait.Backoff{Duration: time.Second, Factor: 2, Steps: 12}, func(ctx context.Context) (bool, error) { // reports: nojitter
		up, err := r.receiving(ctx)
		if err != nil {
			return false, nil
		}
		return !up, nil
	})
}

// retry.OnError goes round on what its predicate admits, at a constant pace.
func markDown(ctx context.Context, r *replica) error {
	return retry.OnError(wait.Backoff{Duration: time.Second, Steps: math.MaxInt32}, errors.IsServerTimeout, func() error { // reports: fixedsleep
		up, err := r.receiving(ctx)
		if err != nil {
			return err
		}
		if up {
			return fmt.Errorf("receiver still up")
		}
		return nil
	})
}
