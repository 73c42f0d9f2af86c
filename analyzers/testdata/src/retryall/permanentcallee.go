package retryall

import (
	"context"
	"errors"
	"fmt"
	"io"

	backoff "github.com/cenkalti/backoff/v5"

	"retryall/permclient"
)

// An operation that returns what a function of its package returns classifies
// when that function marks some of its errors permanent where it makes them.

type permClient struct{}

// do retries only io.EOF: every other failure is permanent.
func (c *permClient) do(ctx context.Context) error {
	err := send()
	if errors.Is(err, io.EOF) {
		return err
	}
	if err != nil {
		return backoff.Permanent(fmt.Errorf("client error: %w", err))
	}
	return nil
}

// plain returns every error as it is.
func (c *permClient) plain(ctx context.Context) error {
	if err := send(); err != nil {
		return fmt.Errorf("send: %w", err)
	}
	return nil
}

// deeper classifies two calls down: out of the one-call reach.
func (c *permClient) deeper(ctx context.Context) error {
	return c.do(ctx)
}

func permanentInCallee(ctx context.Context, c *permClient) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		return struct{}{}, c.do(ctx)
	}, backoff.WithBackOff(backoff.NewExponentialBackOff()))
	return err
}

func permanentInCalleeVar(ctx context.Context, c *permClient) error {
	op := func() (struct{}, error) {
		err := c.do(ctx)
		return struct{}{}, err
	}
	_, err := backoff.Retry(ctx, op)
	return err
}

func calleeReturnsUnwrapped(ctx context.Context, c *permClient) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		return struct{}{}, c.plain(ctx)
	})
	return err
}

func calleeTwoCallsDown(ctx context.Context, c *permClient) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		return struct{}{}, c.deeper(ctx)
	})
	return err
}

func calleeInAnotherPackage(ctx context.Context) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		return struct{}{}, permclient.Do(send())
	})
	return err
}

// The callee's result is looked at but not returned: its Permanent does not
// reach the retry.
func calleeResultDropped(ctx context.Context, c *permClient) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `backoff.Retry retries every error the callback returns`
		if c.do(ctx) != nil {
			return struct{}{}, send()
		}
		return struct{}{}, nil
	})
	return err
}
