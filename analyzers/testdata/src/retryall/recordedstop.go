package retryall

import (
	"context"
	"time"

	backoff "github.com/cenkalti/backoff/v5"
)

// A callback that copies the error of its attempt's answer out and returns
// nil when the answer's own flag says the failure cannot pass ends the
// retry there: the flag classifies. One that returns every error it gets,
// or whose nil return follows a test of something else, is reported.

type loadAnswer struct {
	err       error
	retriable bool
}

func loadBatch(ctx context.Context) loadAnswer {
	_, err := create(ctx)
	return loadAnswer{err: err, retriable: err != nil && ctx.Err() == nil}
}

var stopping bool

// Quiet: a failure the answer calls final ends the retry with nil, and
// leaves through failed.
func loadRecorded(ctx context.Context) error {
	var failed error
	op := func() (struct{}, error) {
		ans := loadBatch(ctx)
		failed = ans.err
		if !ans.retriable {
			return struct{}{}, nil
		}
		return struct{}{}, ans.err
	}
	if _, err := backoff.Retry(ctx, op, backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)), backoff.WithMaxTries(10)); err != nil {
		return err
	}
	return failed
}

// Reported: every error of the answer is returned.
func loadEveryAnswer(ctx context.Context) error {
	var failed error
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		ans := loadBatch(ctx)
		failed = ans.err
		return struct{}{}, ans.err
	}, backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)), backoff.WithMaxTries(10))
	if err != nil {
		return err
	}
	return failed
}

// Reported: the nil return asks a flag of the process, not of the answer.
func loadUntilStopping(ctx context.Context) error {
	var failed error
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		ans := loadBatch(ctx)
		failed = ans.err
		if stopping {
			return struct{}{}, nil
		}
		return struct{}{}, ans.err
	}, backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)), backoff.WithMaxTries(10))
	if err != nil {
		return err
	}
	return failed
}
