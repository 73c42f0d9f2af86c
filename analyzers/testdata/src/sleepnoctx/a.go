// Package sleepnoctx holds the cases of the sleepnoctx rule.
package sleepnoctx

import (
	"context"
	"errors"
	"net"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
)

var errTemp = errors.New("temporary")

// send stands for a call to another system.
func send(ctx context.Context) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", "db.example:5432")
	if err != nil {
		return err
	}
	return c.Close()
}
func get(context.Context) (int, error) { return 0, nil }

func sleepWithCtx(ctx context.Context) error {
	var err error
	for i := 0; i < 10; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

func sleepTwoResults(ctx context.Context) (int, error) {
	for i := 0; i < 3; i++ { // want `time.Sleep between retry attempts`
		n, err := get(ctx)
		if err == nil {
			return n, nil
		}
		time.Sleep(5 * time.Second)
	}
	return 0, errTemp
}

// Quiet: no context, no stop channel and no caller holding either.
func sleepNoCtx() error {
	for i := 0; i < 3; i++ {
		if err := send(context.Background()); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return errTemp
}

func loneAfter(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `wait between retry attempts ignores cancellation: add a case <-ctx.Done\(\) to the select`
		if err := send(ctx); err == nil {
			return nil
		}
		<-time.After(5 * time.Second)
	}
	return errTemp
}

func singleCaseSelect(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `wait between retry attempts ignores cancellation`
		if err := send(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(5 * time.Second):
		}
	}
	return errTemp
}

func selectWithDone(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := send(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errTemp
}

func selectWithStop(stop <-chan struct{}) error {
	for i := 0; i < 3; i++ {
		if err := send(context.Background()); err == nil {
			return nil
		}
		select {
		case <-stop:
			return errTemp
		case <-time.After(time.Second):
		}
	}
	return errTemp
}

// A periodic worker's sleep is not a wait between attempts.
func worker(ctx context.Context) {
	for {
		_ = send(ctx)
		time.Sleep(time.Minute)
	}
}

func backoffNoCtx(ctx context.Context) error {
	return backoff.Retry(func() error { return send(ctx) }, backoff.NewExponentialBackOff()) // want `backoff.Retry sleeps between attempts without watching ctx: pass backoff.WithContext\(b, ctx\)`
}

func backoffCtx(ctx context.Context) error {
	b := backoff.WithContext(backoff.NewExponentialBackOff(), ctx)
	return backoff.Retry(func() error { return send(ctx) }, b)
}

func backoffNoCtxInScope() error {
	return backoff.Retry(func() error { return send(context.Background()) }, backoff.NewExponentialBackOff())
}

func retryGoNoCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, retry.Attempts(8)) // want `retry.Do sleeps between attempts without watching ctx: add the option retry.Context\(ctx\)`
}

func retryGoCtx(ctx context.Context) error {
	return retry.Do(func() error { return send(ctx) }, retry.Attempts(8), retry.Context(ctx))
}
