package retryall

import (
	"context"
	"database/sql"
	"errors"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	goretry "github.com/sethvargo/go-retry"
	k8sretry "k8s.io/client-go/util/retry"
)

func backoffAll() error {
	return backoff.Retry(send, backoff.NewExponentialBackOff()) // want `backoff.Retry retries every error the callback returns: wrap errors that cannot succeed with backoff.Permanent`
}

func backoffPermanent() error {
	return backoff.Retry(func() error {
		err := send()
		if errors.Is(err, ErrNotFound) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.NewExponentialBackOff())
}

func retryGoAll() error {
	return retry.Do(send, retry.Attempts(20)) // want `retry.Do retries every error the callback returns: add retry.RetryIf`
}

func retryGoIf() error {
	return retry.Do(send, retry.Attempts(3), retry.RetryIf(func(err error) bool { return !errors.Is(err, ErrNotFound) }))
}

func goRetryAll(ctx context.Context) error {
	b := goretry.NewExponential(time.Second)
	return goretry.Do(ctx, goretry.WithMaxRetries(20, b), func(ctx context.Context) error { // want `retry.Do retries every error the callback returns: wrap only transient errors`
		if err := send(); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// Five tries whose waits double from 500 ms: 7.5 s in all, few tries.
func goRetryAllFew(ctx context.Context) error {
	b := goretry.NewExponential(500 * time.Millisecond)
	return goretry.Do(ctx, goretry.WithMaxRetries(4, b), func(ctx context.Context) error {
		if err := send(); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// Five tries whose waits double from 1 s: 15 s in all, more than few tries.
func goRetryAllSlow(ctx context.Context) error {
	b := goretry.NewExponential(time.Second)
	return goretry.Do(ctx, goretry.WithMaxRetries(20, b), func(ctx context.Context) error { // want `retry.Do retries every error the callback returns: wrap only transient errors`
		if err := send(); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func goRetryClassified(ctx context.Context) error {
	b := goretry.NewExponential(1)
	return goretry.Do(ctx, goretry.WithMaxRetries(3, b), func(ctx context.Context) error {
		err := send()
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrNotFound) {
			return err
		}
		return goretry.RetryableError(err)
	})
}

func conflict() error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, send)
}

func crdbTx(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE t SET x = 1")
		return err
	})
}

// withRetry is an inferred wrapper whose operation comes from its caller: the
// caller's closure is what retryall judges (and reports), not the wrapper.
func withRetry(fn func() error) error {
	var err error
	for i := 0; i < 20; i++ {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

func callsWrapper() error {
	return withRetry(func() error { return send() }) // want `retryall.withRetry retries every error the callback returns`
}
