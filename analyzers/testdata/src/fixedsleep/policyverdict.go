package fixedsleep

import (
	"context"
	"time"
)

// A policy's verdict on the failure path (a func value out of reach that
// receives the failure and decides the next attempt) may wait before it
// answers: the loop is not claimed to try again at once.

func policySend(ctx context.Context) error { reach(); return nil }

type policyClient struct {
	RetryFunc func(ctx context.Context, err error, attempt int) error
	Hook      func() error
}

func (c *policyClient) loopWithPolicy(ctx context.Context) error {
	for attempt := 1; attempt <= 5; attempt++ {
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.RetryFunc(ctx, err, attempt); e != nil {
			return e
		}
	}
	return nil
}

// A func value called without the failure, its answer ignored: no verdict,
// and with an error result it is taken for a step of the attempt, no wait.
func (c *policyClient) loopAfterHook(ctx context.Context) error {
	for attempt := 1; attempt <= 8; attempt++ { // want `retry loop tries again at once after a failure`
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		_ = c.Hook()
	}
	return nil
}

// A constant sleep beside the policy: the policy may wait longer each time,
// or at random, so the waits are not known to keep clients in step.
func (c *policyClient) loopWithPolicyAndSleep(ctx context.Context) error {
	for attempt := 1; attempt <= 5; attempt++ {
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.RetryFunc(ctx, err, attempt); e != nil {
			return e
		}
		time.Sleep(time.Second)
	}
	return nil
}

// A notice callback whose answer is not tested beside a constant sleep: no
// verdict, the sleep keeps clients in step.
func (c *policyClient) loopWithNoticeAndSleep(ctx context.Context) error {
	for attempt := 1; attempt <= 20; attempt++ { // want `retry loop waits the same time.Second before every attempt`
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.RetryFunc(ctx, err, attempt); e != nil {
			_ = e
		}
		time.Sleep(time.Second)
	}
	return nil
}
