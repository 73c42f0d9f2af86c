package retryall

import (
	"context"
	"errors"
	"time"

	repeaterv1 "github.com/go-pkgz/repeater"
	"github.com/go-pkgz/repeater/strategy"
	"github.com/go-pkgz/repeater/v2"
)

// go-pkgz/repeater retries every error of the function unless Do is given
// critical errors or (v2) a classifier.

func repeaterFixedEveryError(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, func() error { return send() }) // want `repeater.Do retries every error the callback returns: pass Do the errors that cannot succeed`
}

func repeaterBackoffEveryError(ctx context.Context) error {
	rp := repeater.NewBackoff(5, 100*time.Millisecond)
	return rp.Do(ctx, send) // want `repeater.Do retries every error the callback returns`
}

func repeaterV1EveryError(ctx context.Context) error {
	rp := repeaterv1.New(&strategy.FixedDelay{Repeats: 3, Delay: time.Second})
	return rp.Do(ctx, send) // want `repeater.Do retries every error the callback returns: pass Do the errors that cannot succeed \(Do\(ctx, fn, ErrNotFound\)\): they stop the repeats`
}

// Look-alikes: critical errors, a classifier, ErrAny (no retry at all), a
// single attempt, a repeater built out of sight (a classifier may be set
// there), a function that checks its error.

func repeaterCritical(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, send, ErrNotFound)
}

func repeaterV1Critical(ctx context.Context) error {
	return repeaterv1.NewDefault(5, time.Second).Do(ctx, send, ErrNotFound)
}

func repeaterClassifier(ctx context.Context) error {
	rp := repeater.NewFixed(5, time.Second)
	rp.SetErrorClassifier(func(err error) bool { return !errors.Is(err, ErrNotFound) })
	return rp.Do(ctx, send)
}

func repeaterAny(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, send, repeater.ErrAny)
}

func repeaterOnce(ctx context.Context) error {
	return repeater.NewFixed(1, time.Second).Do(ctx, send)
}

func repeaterV1Once(ctx context.Context) error {
	return repeaterv1.New(&strategy.FixedDelay{Delay: time.Second}).Do(ctx, send)
}

func repeaterGiven(ctx context.Context, rp *repeater.Repeater) error {
	return rp.Do(ctx, send)
}

func repeaterChecks(ctx context.Context) error {
	return repeater.NewFixed(5, time.Second).Do(ctx, func() error {
		if err := send(); !errors.Is(err, ErrNotFound) {
			return err
		}
		return nil
	})
}
