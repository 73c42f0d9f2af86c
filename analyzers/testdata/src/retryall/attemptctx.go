package retryall

import (
	"context"
	"errors"
	"time"
)

// A wrapper that gives each attempt a deadline of its own and goes round
// only when that deadline ended retries timeouts, not every error: its
// callers are quiet. One that asks only its caller's context, or that
// leaves on a timeout and goes round on the rest, retries every other
// error: its callers are reported.

type ledger struct{ rows []string }

func (l *ledger) write(ctx context.Context, row string) error {
	_, err := create(ctx)
	l.rows = append(l.rows, row)
	return err
}

func (l *ledger) count(ctx context.Context) (int, error) {
	return create(ctx)
}

func retryTimedOut(parent context.Context, per time.Duration, tries int, op func(context.Context) error) error {
	var err error
	for i := 0; i < tries; i++ {
		actx, cancel := context.WithTimeout(parent, per)
		err = op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if !errors.Is(actx.Err(), context.DeadlineExceeded) || parent.Err() != nil {
			return err
		}
	}
	return err
}

func queryTimedOut[T any](parent context.Context, per time.Duration, tries int, op func(context.Context) (T, error)) (T, error) {
	var zero T
	for i := 0; i < tries; i++ {
		actx, cancel := context.WithTimeout(parent, per)
		v, err := op(actx)
		cancel()
		if err == nil {
			return v, nil
		}
		if actx.Err() == nil {
			return zero, err
		}
	}
	return zero, errors.New("every attempt timed out")
}

func retryWhileCallerWaits(parent context.Context, per time.Duration, tries int, op func(context.Context) error) error {
	var err error
	for i := 0; i < tries; i++ {
		actx, cancel := context.WithTimeout(parent, per)
		err = op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if parent.Err() != nil {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// Quiet: only a timed-out write goes round.
func writeRow(ctx context.Context, l *ledger, row string) error {
	return retryTimedOut(ctx, time.Second, 8, func(ctx context.Context) error {
		return l.write(ctx, row)
	})
}

// Quiet: the generic form, going round while the attempt's context ended.
func countRows(ctx context.Context, l *ledger) (int, error) {
	return queryTimedOut(ctx, time.Second, 8, func(ctx context.Context) (int, error) {
		return l.count(ctx)
	})
}

// Reported: the caller's context says nothing of the failure.
func writeRowUntilCancelled(ctx context.Context, l *ledger, row string) error {
	return retryWhileCallerWaits(ctx, time.Second, 20, func(ctx context.Context) error { // want `retryWhileCallerWaits retries every error the callback returns`
		return l.write(ctx, row)
	})
}

func retryUnlessTimedOut(parent context.Context, per time.Duration, tries int, op func(context.Context) error) error {
	var err error
	for i := 0; i < tries; i++ {
		actx, cancel := context.WithTimeout(parent, per)
		err = op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if errors.Is(actx.Err(), context.DeadlineExceeded) {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// Reported: every failure but a timeout goes round.
func writeRowUnlessSlow(ctx context.Context, l *ledger, row string) error {
	return retryUnlessTimedOut(ctx, time.Second, 20, func(ctx context.Context) error { // want `retryUnlessTimedOut retries every error the callback returns`
		return l.write(ctx, row)
	})
}
