package retryall

import (
	"context"
	"errors"
	"time"

	"github.com/Rican7/retry"
	"github.com/Rican7/retry/strategy"
	"github.com/eapache/go-resiliency/retrier"
)

func eapacheEveryError() error {
	r := retrier.New(retrier.ExponentialBackoff(3, 100*time.Millisecond), nil)
	return r.Run(send) // want `retrier.Run retries every error the callback returns: pass retrier.New a classifier`
}

func eapacheDefaultClassifier(ctx context.Context) error {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), retrier.DefaultClassifier{})
	return r.RunCtx(ctx, func(ctx context.Context) error { return send() }) // want `retrier.RunCtx retries every error the callback returns`
}

func rican7EveryError() error {
	return retry.Retry(func(attempt uint) error { return send() }, strategy.Limit(3)) // want `retry.Retry retries every error the callback returns: the action cannot mark an error final`
}

// Look-alikes: a whitelist of transient errors, a classifier of one's own,
// and an action that checks the error.

var errTransient = errors.New("transient")

func eapacheWhitelist() error {
	r := retrier.New(retrier.ExponentialBackoff(3, 100*time.Millisecond), retrier.WhitelistClassifier{errTransient})
	return r.Run(send)
}

type onlyTimeouts struct{}

func (onlyTimeouts) Classify(err error) retrier.Action { return retrier.Retry }

func eapacheOwnClassifier() error {
	r := retrier.New(retrier.ExponentialBackoff(3, 100*time.Millisecond), onlyTimeouts{})
	return r.Run(send)
}

func rican7Checks() error {
	var final error
	err := retry.Retry(func(attempt uint) error {
		err := send()
		if errors.Is(err, ErrNotFound) {
			final = err
			return nil
		}
		return err
	}, strategy.Limit(3))
	if final != nil {
		return final
	}
	return err
}

// Two retriers on one variable, each with a classifier of its own.
func eapacheReassigned(ctx context.Context) error {
	r := retrier.New(retrier.ExponentialBackoff(3, time.Second), onlyTimeouts{})
	if err := r.RunCtx(ctx, func(ctx context.Context) error { return send() }); err != nil {
		return err
	}
	r = retrier.New(retrier.ExponentialBackoff(5, time.Second), onlyTimeouts{})
	return r.RunCtx(ctx, func(ctx context.Context) error { return send() })
}
