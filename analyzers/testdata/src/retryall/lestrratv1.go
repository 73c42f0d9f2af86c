package retryall

import (
	"context"
	"errors"

	backoff1 "github.com/lestrrat-go/backoff"
	tryv1 "gopkg.in/matryer/try.v1"
)

func lestrratV1EveryError(ctx context.Context) error {
	p := backoff1.NewExponential(backoff1.WithMaxRetries(3))
	return backoff1.Retry(ctx, p, backoff1.ExecuteFunc(func(context.Context) error { return send() })) // want `backoff.Retry retries every error the callback returns: wrap errors that cannot succeed with backoff.MarkPermanent`
}

// matryer/try under its gopkg.in path is the same helper.
func matryerGopkgEveryError() error {
	return tryv1.Do(func(attempt int) (bool, error) { // want `try.Do retries every error the callback returns`
		err := send()
		return true, err
	})
}

// Look-alikes: MarkPermanent, an Executer out of reach.

func lestrratV1Permanent(ctx context.Context) error {
	p := backoff1.NewExponential(backoff1.WithMaxRetries(3))
	return backoff1.Retry(ctx, p, backoff1.ExecuteFunc(func(context.Context) error {
		err := send()
		if errors.Is(err, ErrNotFound) {
			return backoff1.MarkPermanent(err)
		}
		return err
	}))
}

func lestrratV1Executer(ctx context.Context, e backoff1.Executer) error {
	return backoff1.Retry(ctx, backoff1.NewExponential(), e)
}
