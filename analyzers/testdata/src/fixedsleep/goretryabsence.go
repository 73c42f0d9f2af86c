package fixedsleep

import (
	"context"
	"errors"
	"fmt"
	"time"

	goretry "github.com/sethvargo/go-retry"
)

// go-retry stops on any error its callback returns plainly. A callback that
// marks for retry only an error it found to be "not found" polls for the
// record to appear, whatever error the mark wraps: every other failure ends
// it, and a poll waits a fixed interval by design.

type recordStore interface {
	Get(ctx context.Context, key string) (string, error)
}

var errRecordNotFound = errors.New("record not found")

func isRecordNotFound(err error) bool { return errors.Is(err, errRecordNotFound) }

func awaitRecordFreshError(ctx context.Context, s recordStore, key string) (string, error) {
	var rec string
	b := goretry.WithMaxRetries(30, goretry.NewConstant(time.Second))
	err := goretry.Do(ctx, b, func(ctx context.Context) error {
		r, err := s.Get(ctx, key)
		if isRecordNotFound(err) {
			return goretry.RetryableError(fmt.Errorf("record %s not created yet", key))
		}
		rec = r
		return err
	})
	return rec, err
}

func awaitRecordUnlessPresent(ctx context.Context, s recordStore, key string) error {
	b := goretry.WithMaxRetries(30, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		_, err := s.Get(ctx, key)
		if !isRecordNotFound(err) {
			return err
		}
		return goretry.RetryableError(err)
	})
}

func awaitRecordElse(ctx context.Context, s recordStore, key string) error {
	b := goretry.WithMaxRetries(30, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		_, err := s.Get(ctx, key)
		if !isRecordNotFound(err) {
			return err
		} else {
			return goretry.RetryableError(err)
		}
	})
}

// Look-alikes: a mark on the present side, a mark past a test that asks
// something besides absence, and a mark with no test at all go round on
// other failures: retries, whose constant wait keeps clients in step.

func retryUnlessNotFound(ctx context.Context, s recordStore, key string) error {
	b := goretry.WithMaxRetries(30, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // want `retry.Do waits the same delay before every attempt`
		_, err := s.Get(ctx, key)
		if isRecordNotFound(err) {
			return err
		}
		return goretry.RetryableError(err)
	})
}

func retryNotFoundOrTimeout(ctx context.Context, s recordStore, key string) error {
	b := goretry.WithMaxRetries(30, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // want `retry.Do waits the same delay before every attempt`
		_, err := s.Get(ctx, key)
		if isRecordNotFound(err) || errors.Is(err, context.DeadlineExceeded) {
			return goretry.RetryableError(err)
		}
		return err
	})
}

func retryEveryGet(ctx context.Context, s recordStore, key string) error {
	b := goretry.WithMaxRetries(30, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // want `retry.Do waits the same delay before every attempt`
		_, err := s.Get(ctx, key)
		if isRecordNotFound(err) {
			return goretry.RetryableError(err)
		}
		return goretry.RetryableError(err)
	})
}
