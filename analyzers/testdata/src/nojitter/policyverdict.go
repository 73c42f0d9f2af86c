package nojitter

import (
	"context"
	"time"
)

// A policy's verdict on the failure path (a func value out of reach that
// receives the failure and decides the next attempt) may wait at random
// before it answers: a growing sleep beside it is not claimed to bring the
// clients back together.

type policyClient struct {
	RetryFunc func(ctx context.Context, err error, attempt int) error
	OnError   func(err error)
}

func (c *policyClient) backoffWithPolicy(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		if e := c.RetryFunc(ctx, err, attempt); e != nil {
			return e
		}
		time.Sleep(base << attempt)
	}
	return err
}

// A notice whose answer is not read decides nothing, and its wait (if any)
// is not the policy's.
func (c *policyClient) backoffAfterNotice(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		c.OnError(err)
		time.Sleep(base << attempt)
	}
	return err
}
