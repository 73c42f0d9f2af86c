package retryall

import (
	"context"
	"errors"
	"time"

	retry4 "github.com/kamilsk/retry/v4"
	"github.com/kamilsk/retry/v4/backoff"
	strategy4 "github.com/kamilsk/retry/v4/strategy"
	retry "github.com/kamilsk/retry/v5"
	"github.com/kamilsk/retry/v5/exp"
	"github.com/kamilsk/retry/v5/strategy"
)

func kamilskEveryError(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return send() }, strategy.Limit(3), strategy.Wait(time.Second)) // want `retry.Do retries every error the callback returns: add a strategy that stops on errors that cannot succeed`
}

func kamilskV4EveryError(ctx context.Context) error {
	how := retry4.How{strategy4.Limit(10), strategy4.Backoff(backoff.Linear(50 * time.Millisecond))}
	return retry4.Try(ctx, func(uint) error { return send() }, how...) // want `retry.Try retries every error the callback returns`
}

// Look-alikes: CheckError strategies, a strategy of one's own (it is given
// each error), strategies out of reach, a callback that checks its error.

func kamilskCheckError(ctx context.Context) error {
	how := []func(uint, error) bool{strategy4.Limit(10), strategy4.CheckError(strategy4.Strict)}
	return retry4.Try(ctx, func(uint) error { return send() }, how...)
}

func kamilskExpCheckError(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error { return send() }, strategy.Limit(3), exp.CheckError(exp.NetworkError(false)))
}

func kamilskOwnStrategy(ctx context.Context) error {
	transient := func(_ retry.Breaker, _ uint, err error) bool { return !errors.Is(err, ErrNotFound) }
	return retry.Do(ctx, func(context.Context) error { return send() }, strategy.Limit(3), transient)
}

func kamilskFromCaller(ctx context.Context, how retry.How) error {
	return retry.Do(ctx, func(context.Context) error { return send() }, how...)
}

func kamilskChecks(ctx context.Context) error {
	return retry.Do(ctx, func(context.Context) error {
		if err := send(); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		return nil
	}, strategy.Limit(3))
}
