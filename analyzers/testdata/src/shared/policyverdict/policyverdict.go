// Package policyverdict is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry
package policyverdict

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
)

// A policy's verdict on the failure path: a func value or interface method
// out of reach that receives the failed attempt's error and whose answer
// decides whether the next attempt happens classifies and bounds the
// retry.

var errFatal = errors.New("fatal")

var db *sql.DB

// reach asks a database, which can refuse for good: its failures are worth
// classifying and bounding.
func reach() { db.Exec("UPDATE jobs SET state = 'done'") }

func policySend(ctx context.Context) error { reach(); return nil }

// RetryPolicy is a caller's policy, implemented nowhere in this package.
type RetryPolicy interface {
	Check(ctx context.Context, err error, attempt int) error
}

type policyClient struct {
	RetryFunc  func(ctx context.Context, err error, attempt int) error
	ShouldStop func(err error) bool
	OnError    func(err error)
	Hook       func() error
	Policy     RetryPolicy
	notify     func(err error) error // set below to a value that always goes on
	judge      func(err error) error // set below to a value that may stop
	local      localPolicy
}

func newPolicyClient() *policyClient {
	return &policyClient{
		notify: func(err error) error { log.Print(err); return nil },
		judge: func(err error) error {
			if errors.Is(err, errFatal) {
				return err
			}
			return nil
		},
		local: alwaysGoOn{},
	}
}

// localPolicy is implemented in this package only by alwaysGoOn.
type localPolicy interface {
	Check(err error) error
}

type alwaysGoOn struct{}

func (alwaysGoOn) Check(err error) error { log.Print(err); return nil }

func (c *policyClient) doWithPolicy(ctx context.Context, attempt int) error {
	err := policySend(ctx)
	if err != nil && c.RetryFunc != nil {
		if e := c.RetryFunc(ctx, err, attempt+1); e != nil {
			return e
		}
		return c.doWithPolicy(ctx, attempt+1)
	}
	return err
}

// Every self-call stands behind the same policy: none is reported.
func (c *policyClient) doEverySelfCall(ctx context.Context, attempt int) error {
	if err := policySend(ctx); err != nil {
		var e error
		e = c.RetryFunc(ctx, err, attempt)
		if e != nil {
			return e
		}
		return c.doEverySelfCall(ctx, attempt+1)
	}
	if err := policySend(ctx); err != nil {
		if e := c.RetryFunc(ctx, err, attempt); e != nil {
			return e
		}
		return c.doEverySelfCall(ctx, attempt+1)
	}
	return nil
}

// A bool verdict: true stops.
func (c *policyClient) doUntilPolicyStops(ctx context.Context) error {
	if err := policySend(ctx); err != nil {
		if c.ShouldStop(err) {
			return err
		}
		return c.doUntilPolicyStops(ctx)
	}
	return nil
}

func doWithParamPolicy(ctx context.Context, retry func(error) error) error {
	if err := policySend(ctx); err != nil {
		if e := retry(err); e != nil {
			return e
		}
		return doWithParamPolicy(ctx, retry)
	}
	return nil
}

func (c *policyClient) doWithInterfacePolicy(ctx context.Context, attempt int) error {
	if err := policySend(ctx); err != nil {
		if e := c.Policy.Check(ctx, err, attempt); e != nil {
			return e
		}
		return c.doWithInterfacePolicy(ctx, attempt+1)
	}
	return nil
}

func (c *policyClient) loopWithPolicy(ctx context.Context) error {
	for attempt := 1; ; attempt++ {
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.RetryFunc(ctx, err, attempt); e != nil {
			return e
		}
	}
}

// The policy receives the failure wrapped: still the failure.
func (c *policyClient) loopWithWrappedFailure(ctx context.Context) error {
	for attempt := 1; ; attempt++ {
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.RetryFunc(ctx, fmt.Errorf("send: %w", err), attempt); e != nil {
			return e
		}
	}
}

// The policy receives an error made from the failure, in a variable.
func (c *policyClient) doWithWrappedFailure(ctx context.Context, attempt int) error {
	if err := policySend(ctx); err != nil {
		wrapped := fmt.Errorf("attempt %d: %w", attempt, err)
		if e := c.RetryFunc(ctx, wrapped, attempt); e != nil {
			return e
		}
		return c.doWithWrappedFailure(ctx, attempt+1)
	}
	return nil
}

// The package sets judge only to a value that may stop: read, it decides.
func (c *policyClient) loopWithReadablePolicy(ctx context.Context) error {
	for {
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.judge(err); e != nil {
			return e
		}
	}
}

func loopWithLocalPolicy(ctx context.Context) error {
	retry := func(err error) error {
		if errors.Is(err, errFatal) {
			return err
		}
		return nil
	}
	for {
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := retry(err); e != nil {
			return e
		}
	}
}

// Look-alikes: no verdict decides the next attempt.

// A notice: its answer is not read.
func (c *policyClient) doAfterNotice(ctx context.Context) error {
	err := policySend(ctx)
	if err != nil {
		c.OnError(err)
		return c.doAfterNotice(ctx) // reports: retryall unboundedretry
	}
	return nil
}

// A declared method that does not receive the failure: a step of the attempt.
func (c *policyClient) reconnect(ctx context.Context) error { return policySend(ctx) }

func (c *policyClient) doAfterReconnect(ctx context.Context) error {
	if err := policySend(ctx); err != nil {
		if rerr := c.reconnect(ctx); rerr != nil {
			return rerr
		}
		return c.doAfterReconnect(ctx) // reports: retryall unboundedretry
	}
	return nil
}

// A func value called without the failure, its answer ignored.
func (c *policyClient) doAfterHook(ctx context.Context) error {
	if err := policySend(ctx); err != nil {
		_ = c.Hook()
		return c.doAfterHook(ctx) // reports: retryall unboundedretry
	}
	return nil
}

// The policy's answer is read, but both ways go on to the next attempt.
func (c *policyClient) loopLoggingVerdict(ctx context.Context) error {
	for { // reports: retryall unboundedretry
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.RetryFunc(ctx, err, 0); e != nil {
			log.Print(e)
		}
	}
}

// The package sets notify only to a value that always goes on: read, it
// decides nothing.
func (c *policyClient) loopWithNotice(ctx context.Context) error {
	for { // reports: retryall unboundedretry
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.notify(err); e != nil {
			return e
		}
	}
}

// The package's only implementation of localPolicy always goes on.
func (c *policyClient) loopWithOwnImplementation(ctx context.Context) error {
	for { // reports: retryall unboundedretry
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if e := c.local.Check(err); e != nil {
			return e
		}
	}
}

// A writer handed the failure's text: a message, no verdict.
func loopWritingFailure(ctx context.Context, w io.Writer) error {
	for { // reports: retryall unboundedretry
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if _, werr := w.Write([]byte(err.Error())); werr != nil {
			return werr
		}
	}
}

// kvLogger takes anything: the failure it is handed is a log field.
type kvLogger interface {
	Log(keyvals ...any) error
}

func loopLoggingFailure(ctx context.Context, l kvLogger) error {
	for { // reports: retryall unboundedretry
		err := policySend(ctx)
		if err == nil {
			return nil
		}
		if lerr := l.Log("err", err); lerr != nil {
			return lerr
		}
	}
}
