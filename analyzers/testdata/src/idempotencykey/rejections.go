package idempotencykey

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/avast/retry-go/v4"
)

// A retry whose predicate says yes only to 429 or 503 (the server did not
// process the request) never repeats an attempt whose outcome is unknown.

type statusError struct{ status int }

func (e statusError) Error() string { return fmt.Sprintf("status %d", e.status) }

func isRejection(err error) bool {
	var se statusError
	if errors.As(err, &se) {
		return se.status == http.StatusServiceUnavailable || se.status == http.StatusTooManyRequests
	}
	return false
}

func postOnce(ctx context.Context, client *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return statusError{resp.StatusCode}
	}
	return nil
}

// GOOD: only clean rejections go round.
func createRetryingRejections(ctx context.Context, client *http.Client, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			return statusError{resp.StatusCode}
		}
		return nil
	}, retry.Context(ctx), retry.RetryIf(isRejection))
}

// GOOD: the predicate as a literal.
func createRetryingThrottle(ctx context.Context, client *http.Client, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body))
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, retry.Context(ctx), retry.RetryIf(func(err error) bool {
		var se statusError
		if !errors.As(err, &se) {
			return false
		}
		return se.status == 429
	}))
}

// Look-alikes that stay reported.

// 500 may have been processed.
func isServerError(err error) bool {
	var se statusError
	if errors.As(err, &se) {
		return se.status == http.StatusServiceUnavailable || se.status == http.StatusInternalServerError
	}
	return false
}

func createRetryingServerErrors(ctx context.Context, client *http.Client, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, retry.Context(ctx), retry.RetryIf(isServerError))
}

// Transport errors (a timeout among them) go round too.
func isRejectionOrNetwork(err error) bool {
	var se statusError
	if errors.As(err, &se) {
		return se.status == http.StatusTooManyRequests
	}
	return true
}

func createRetryingNetwork(ctx context.Context, client *http.Client, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, retry.Context(ctx), retry.RetryIf(isRejectionOrNetwork))
}

var _ = postOnce
