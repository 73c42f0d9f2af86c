// Package retryscopenotice: whether a retry loop notices a cancellation
// between two waits (Result.NoticesCancel), by what leaves the loop.
package retryscopenotice

import (
	"context"
	"errors"
	"time"
)

var errTemp = errors.New("temporary")

func send(context.Context) error { return errTemp }

func returns(ctx context.Context) error {
	for {
		if err := send(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second) // want `notices=true`
	}
}

func panics(ctx context.Context) error {
	for {
		if err := send(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			panic(ctx.Err())
		}
		time.Sleep(time.Second) // want `notices=true`
	}
}

func labelledBreak(ctx context.Context) error {
	err := errTemp
retry:
	for {
		if err = send(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			break retry
		default:
		}
		time.Sleep(time.Second) // want `notices=true`
	}
	return err
}

// The break ends the select, not the loop.
func selectBreak(ctx context.Context) error {
	for {
		if err := send(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			break
		default:
		}
		time.Sleep(time.Second) // want `notices=false`
	}
}

// The break ends the switch, not the loop.
func switchBreak(ctx context.Context) error {
	for {
		err := send(ctx)
		switch {
		case err == nil:
			return nil
		default:
			if ctx.Err() != nil {
				break
			}
			time.Sleep(time.Second) // want `notices=false`
		}
	}
}

func plainBreak(ctx context.Context) error {
	err := errTemp
	for {
		if err = send(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			break
		}
		time.Sleep(time.Second) // want `notices=true`
	}
	return err
}
