package unboundedretry

import (
	"context"
	"errors"
	"time"
)

// A forwarding wrapper whose loop's only bound is a receive from a channel
// parameter has its caller's bound, like one that watches ctx.Done() of a
// context parameter: its loop is not reported, its calls are judged by what
// they pass.

// GOOD at the wrapper.
func every(d time.Duration, stop <-chan struct{}, f func() error) error {
	t := time.NewTicker(d)
	defer t.Stop()
	var err error
	for {
		if err = f(); err == nil {
			return nil
		}
		select {
		case <-stop:
			return err
		case <-t.C:
		}
	}
}

func lookup() error { reach(); return nil }

// GOOD: the stop is Done of a context with a deadline.
func lookupWithin(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return every(time.Second, ctx.Done(), func() error { return lookup() })
}

// GOOD: derived with WithCancel from a context with a deadline.
func lookupWithinDerived(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	stopCtx, stop := context.WithCancel(ctx)
	defer stop()
	return every(time.Second, stopCtx.Done(), func() error { return lookup() })
}

// GOOD: the caller's context, through a derived one: the caller's bound.
func lookupCaller(ctx context.Context) error {
	retryCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	return every(time.Second, retryCtx.Done(), func() error { return lookup() })
}

// context.Background().Done() is never closed: no limit at all.
func lookupBackground() error {
	return every(time.Second, context.Background().Done(), func() error { return lookup() }) // want `unboundedretry.every retries until the callback succeeds, with no attempt or time limit`
}

// A channel made here that nothing closes: no limit at all.
func lookupNeverClosed() error {
	stop := make(chan struct{})
	return every(time.Second, stop, func() error { return lookup() }) // want `unboundedretry.every retries until the callback succeeds, with no attempt or time limit`
}

func lookupMadeInPlace() error {
	return every(time.Second, make(chan struct{}), func() error { return lookup() }) // want `unboundedretry.every retries until the callback succeeds, with no attempt or time limit`
}

func lookupNil() error {
	return every(time.Second, nil, func() error { return lookup() }) // want `unboundedretry.every retries until the callback succeeds, with no attempt or time limit`
}

// GOOD: a channel made here that a timer closes: who closes it, and when,
// is out of reach.
func lookupTimerClosed(d time.Duration) error {
	stop := make(chan struct{})
	time.AfterFunc(d, func() { close(stop) })
	return every(time.Second, stop, func() error { return lookup() })
}

// GOOD: the caller's own stop channel: its bound is the caller's caller's.
func lookupUntil(stop <-chan struct{}) error {
	return every(time.Second, stop, func() error { return lookup() })
}

type peerSet struct{ quit chan struct{} }

func (p *peerSet) Close() { close(p.quit) }

// GOOD: the owner's stop channel: it retries for the owner's lifetime.
func (p *peerSet) join() error {
	return every(time.Second, p.quit, func() error { return lookup() })
}

// GOOD: a wrapper that receives data from its channel parameter, no stop
// signal: the loop is its own, and it ends when the caller's channel gives
// a value, out of reach here.
func everyReply(replies <-chan error, f func() error) error {
	for {
		if err := f(); err == nil {
			return nil
		}
		select {
		case err := <-replies:
			return err
		case <-time.After(time.Second):
		}
	}
}

// GOOD: a wrapper that gives its stop parameter another value when the
// caller hands it none: a caller's channel still stops it.
func everyOrNever(stop <-chan struct{}, f func() error) error {
	if stop == nil {
		stop = make(chan struct{})
	}
	for {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-stop:
			return errors.New("stopped")
		case <-time.After(time.Second):
		}
	}
}
