package retryall

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	backoff "github.com/cenkalti/backoff/v5"
)

// A callback that returns only errors it makes itself, when its attempt's
// answer equals one value, retries that answer and ends on every other: no
// error of the attempt reaches the helper. A made error on a test of the
// attempt's error, or on an answer that differs from a value, retries every
// failure.

const statusUpstreamDown = 809

func postStatus(ctx context.Context, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

var answerBackoff = []backoff.RetryOption{backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)), backoff.WithMaxTries(10)}

// Quiet: only the upstream-down answer goes round.
func postWhileUpstreamDown(ctx context.Context, url string) int {
	var code int
	_, _ = backoff.Retry(ctx, func() (struct{}, error) {
		var err error
		code, err = postStatus(ctx, url)
		if err != nil {
			panic(err)
		}
		if code == statusUpstreamDown {
			return struct{}{}, errors.New("upstream down")
		}
		return struct{}{}, nil
	}, answerBackoff...)
	return code
}

// Reported: the made error stands for every failure of the attempt.
func postUntilNoError(ctx context.Context, url string) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		_, err := postStatus(ctx, url)
		if err != nil {
			return struct{}{}, errors.New("post failed")
		}
		return struct{}{}, nil
	}, answerBackoff...)
	return err
}

// Reported: every answer but one goes round.
func postUntilOK(ctx context.Context, url string) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		code, err := postStatus(ctx, url)
		if err != nil {
			panic(err)
		}
		if code != http.StatusOK {
			return struct{}{}, fmt.Errorf("status %d", code)
		}
		return struct{}{}, nil
	}, answerBackoff...)
	return err
}
