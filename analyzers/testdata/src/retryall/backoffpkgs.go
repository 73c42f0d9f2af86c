package retryall

import (
	"context"
	"errors"
	"fmt"
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

// A forwarding wrapper: the action only recovers a panic of the caller's
// operation into its error, so each caller's operation is judged where it is
// written.
func rican7SafeWithRetries(fn func() error, strategies ...strategy.Strategy) error {
	return retry.Retry(func(uint) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return fn()
	}, strategies...)
}

// ... and one that wraps the operation's error.
func rican7Wrapping(fn func() error) error {
	return retry.Retry(func(uint) error {
		if err := fn(); err != nil {
			return fmt.Errorf("rican7: %w", err)
		}
		return nil
	}, strategy.Limit(3))
}

func rican7ForwardsEveryError() error {
	return rican7SafeWithRetries(func() error { return send() }, strategy.Limit(3)) // want `retryall.rican7SafeWithRetries retries every error the callback returns: classify errors`
}

func rican7WrappedEveryError() error {
	return rican7Wrapping(func() error { return send() }) // want `retryall.rican7Wrapping retries every error the callback returns`
}

func rican7ForwardsChecked() error {
	return rican7SafeWithRetries(func() error {
		if err := send(); errors.Is(err, ErrNotFound) {
			return nil
		}
		return send()
	}, strategy.Limit(3))
}

// Look-alike: an action that calls the dependency itself beside the caller's
// operation is the wrapper's own retry, reported there.
func rican7PingsToo(fn func() error) error {
	return retry.Retry(func(uint) error { // want `retry.Retry retries every error the callback returns`
		if err := send(); err != nil {
			return err
		}
		return fn()
	}, strategy.Limit(3))
}

func rican7PingsTooCaller() error {
	return rican7PingsToo(func() error { return send() })
}
