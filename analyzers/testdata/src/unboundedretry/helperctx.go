package unboundedretry

import (
	"context"
	"errors"
	"time"
)

// A loop that leaves when a helper of its package says "stop", where the
// helper says "go on" only in a select whose <-ctx.Done() case says "stop",
// ends with that context: bounded when it has a deadline.

var errNotReady = errors.New("not ready")

func againUnlessDone(ctx context.Context, err error) (bool, error) {
	if !errors.Is(err, errNotReady) {
		return false, nil
	}
	select {
	case <-ctx.Done():
		return false, ctx.Err()
	case <-time.After(20 * time.Millisecond):
		return true, nil
	}
}

func retryUntilDone(ctx context.Context, fn func(context.Context) error) error {
	for {
		err := fn(ctx)
		if err == nil {
			return nil
		}
		again, e := againUnlessDone(ctx, err)
		if !again {
			return errors.Join(err, e)
		}
	}
}

func probe(context.Context) error { reach(); return nil }

// GOOD: the helper's context has a deadline.
func probeWithin(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return retryUntilDone(ctx, probe)
}

// GOOD: the caller's context: the caller's bound.
func probeCaller(ctx context.Context) error {
	return retryUntilDone(ctx, probe)
}

// The same in the loop itself, the helper called in the condition.
func probeLoopWithin(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		err := probe(ctx)
		if err == nil {
			return nil
		}
		if ok, _ := againUnlessDone(ctx, err); !ok {
			return err
		}
	}
}

// Look-alike: the helper says "go on" when the context is done.
func againEvenDone(ctx context.Context, err error) (bool, error) {
	if !errors.Is(err, errNotReady) {
		return false, nil
	}
	select {
	case <-ctx.Done():
		return true, nil
	case <-time.After(20 * time.Millisecond):
		return true, nil
	}
}

func retryEvenDone(ctx context.Context, fn func(context.Context) error) error {
	for {
		err := fn(ctx)
		if err == nil {
			return nil
		}
		again, e := againEvenDone(ctx, err)
		if !again {
			return errors.Join(err, e)
		}
	}
}

func probeEvenDone(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return retryEvenDone(ctx, probe) // want `unboundedretry.retryEvenDone retries until the callback succeeds, with no attempt or time limit`
}

// Look-alike: the helper says "go on" before it looks at the context.
func againFirst(ctx context.Context, err error) (bool, error) {
	if errors.Is(err, errNotReady) {
		return true, nil
	}
	select {
	case <-ctx.Done():
		return false, ctx.Err()
	case <-time.After(20 * time.Millisecond):
		return true, nil
	}
}

func retryFirst(ctx context.Context, fn func(context.Context) error) error {
	for {
		err := fn(ctx)
		if err == nil {
			return nil
		}
		if again, _ := againFirst(ctx, err); !again {
			return err
		}
	}
}

func probeFirst(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return retryFirst(ctx, probe) // want `unboundedretry.retryFirst retries until the callback succeeds, with no attempt or time limit`
}
