package unboundedretry

import (
	"context"
	"errors"
)

// A halt predicate that reads its context first (`if ctx.Err() != nil {
// return true }`) says "stop" once that context ends, whatever it says of
// the error after: a loop that leaves on its "stop" is bounded by the
// context it hands the predicate, as by a ctx.Err() check of its own.

var errHeUnavailable = errors.New("unavailable")

func heIsHalt(ctx context.Context, err error) bool {
	if ctx != nil && ctx.Err() != nil {
		return true
	}
	return !errors.Is(err, errHeUnavailable)
}

// heIsHaltLate tests the error first: an unavailable error says "go on"
// even after the context ended.
func heIsHaltLate(ctx context.Context, err error) bool {
	if errors.Is(err, errHeUnavailable) {
		return false
	}
	return ctx.Err() != nil || err != nil
}

func heSend(ctx context.Context) error { reach(); return errHeUnavailable }

// GOOD: the caller's context ends the loop through the predicate.
func heKeepAliveOnce(ctx context.Context) error {
	for {
		err := heSend(ctx)
		if err == nil {
			return nil
		}
		if heIsHalt(ctx, err) {
			return err
		}
	}
}

// BAD: the predicate answers "go on" for unavailable whatever the context.
func heKeepAliveLate(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := heSend(ctx)
		if err == nil {
			return nil
		}
		if heIsHaltLate(ctx, err) {
			return err
		}
	}
}
