package idempotencykey

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"example.com/retrypred"
	"github.com/avast/retry-go/v4"
)

// A retry wrapper that hands its predicate parameter to retry.RetryIf lets
// each caller choose what is retried: a caller that passes a predicate
// retrying only 429/503 is judged as if it had called retry-go itself.

// retryCall is a wrapper of this package.
func retryCall(ctx context.Context, op func() error, retryIf func(error) bool) error {
	return retry.Do(op, retry.Context(ctx), retry.RetryIf(retryIf))
}

// retryTwice hands its predicate on to the wrapper of another package.
func retryTwice(ctx context.Context, op func() error, retryIf func(error) bool) error {
	return retrypred.Do(ctx, 2, op, retryIf)
}

func newItem(ctx context.Context, client *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = client.Do(req)
	return err
}

// GOOD: the wrapper of this package, given a predicate for clean rejections.
func createViaLocalWrapper(ctx context.Context, client *http.Client, body []byte) error {
	return retryCall(ctx, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body))
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, isRejection)
}

// GOOD: the wrapper of another package, through the function building its options.
func createViaWrapper(ctx context.Context, client *http.Client, body []byte) error {
	return retrypred.Do(ctx, 3, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body))
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, func(err error) bool {
		var se statusError
		if !errors.As(err, &se) {
			return false
		}
		return se.status == http.StatusTooManyRequests
	})
}

// GOOD: a wrapper of the wrapper, handing the predicate on.
func createViaChain(ctx context.Context, client *http.Client, body []byte) error {
	return retryTwice(ctx, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body))
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, isRejection)
}

// Look-alikes that stay reported.

// A predicate that also retries a 500, which may have been processed.
func createViaWrapperServerErrors(ctx context.Context, client *http.Client, body []byte) error {
	return retrypred.Do(ctx, 3, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, isServerError)
}

// No predicate: the wrapper retries every error.
func createViaWrapperNoPredicate(ctx context.Context, client *http.Client, body []byte) error {
	return retrypred.Do(ctx, 3, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, nil)
}

// The wrapper never uses the predicate it is given.
func createViaIgnoringWrapper(ctx context.Context, client *http.Client, body []byte) error {
	return retrypred.DoIgnoring(ctx, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/items", bytes.NewReader(body)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	}, isRejection)
}

// Through the chain, a predicate that says yes to every error.
func createViaChainOperation(ctx context.Context, client *http.Client, body []byte) error {
	return retryTwice(ctx, func() error {
		return newItem(ctx, client, body) // want `POST request sent by newItem from a retry callback without an idempotency key`
	}, func(error) bool { return true })
}
