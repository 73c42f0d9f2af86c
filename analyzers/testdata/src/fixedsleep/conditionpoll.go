package fixedsleep

import (
	"context"
	"errors"
	"fmt"
	"time"

	backoff "github.com/cenkalti/backoff/v5"
)

// A callback that returns every failure of its calls marked final never
// retries one: what goes round is its own "not yet", and a constant pace is a
// poll's.

type zoneAPI interface {
	Zone(ctx context.Context, name string) ([]string, error)
}

var errNotYet = errors.New("not visible yet")

func recordVisible(ctx context.Context, api zoneAPI, name, rec string) (string, error) {
	return backoff.Retry(ctx, func() (string, error) {
		recs, err := api.Zone(ctx, name)
		if err != nil {
			return "", backoff.Permanent(fmt.Errorf("get zone: %w", err))
		}
		for _, r := range recs {
			if r == rec {
				return r, nil
			}
		}
		return "", fmt.Errorf("record %s: %w", rec, errNotYet)
	}, backoff.WithBackOff(backoff.NewConstantBackOff(5*time.Second)), backoff.WithMaxElapsedTime(5*time.Minute))
}

func recordVisibleIfInit(ctx context.Context, api zoneAPI, name string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		if recs, err := api.Zone(ctx, name); err != nil {
			return 0, backoff.Permanent(err)
		} else if len(recs) > 0 {
			return len(recs), nil
		}
		return 0, errNotYet
	}, backoff.WithBackOff(backoff.NewConstantBackOff(5*time.Second)), backoff.WithMaxElapsedTime(5*time.Minute))
}

// Some failures go round: a retry, whose constant wait keeps clients in step.
func zoneErrorRetried(ctx context.Context, api zoneAPI, name string) ([]string, error) {
	return backoff.Retry(ctx, func() ([]string, error) { // want `backoff.Retry waits the same delay before every attempt`
		recs, err := api.Zone(ctx, name)
		if errors.Is(err, context.Canceled) {
			return nil, backoff.Permanent(err)
		}
		if err != nil {
			return nil, err
		}
		return recs, nil
	}, backoff.WithBackOff(backoff.NewConstantBackOff(5*time.Second)), backoff.WithMaxElapsedTime(5*time.Minute))
}

// Only the first call's failure is final; the second's goes round.
func secondCallRetried(ctx context.Context, api zoneAPI, name string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) { // want `backoff.Retry waits the same delay before every attempt`
		if _, err := api.Zone(ctx, name); err != nil {
			return 0, backoff.Permanent(err)
		}
		recs, err := api.Zone(ctx, name+".")
		if err != nil {
			return 0, fmt.Errorf("parent zone: %w", err)
		}
		return len(recs), nil
	}, backoff.WithBackOff(backoff.NewConstantBackOff(5*time.Second)), backoff.WithMaxElapsedTime(5*time.Minute))
}

// No wait at all is a burst, poll or not.
func busyPoll(ctx context.Context, api zoneAPI, name string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) { // want `backoff.Retry retries at once, without any delay`
		recs, err := api.Zone(ctx, name)
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		if len(recs) == 0 {
			return 0, errNotYet
		}
		return len(recs), nil
	}, backoff.WithBackOff(&backoff.ZeroBackOff{}), backoff.WithMaxElapsedTime(time.Minute))
}
