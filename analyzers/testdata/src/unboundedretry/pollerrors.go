package unboundedretry

import (
	"context"
	"errors"
	"time"
)

// A rate limiter's answer: allowed now, or come back after RetryAfter.
type verdict struct {
	Allowed    bool
	RetryAfter time.Duration
}

func allow(context.Context, string) (verdict, error) { reach(); return verdict{}, nil }

// The poll waits for "allowed"; a failed call goes round on its own way, and
// while it keeps failing (the limiter down, ctx cancelled) nothing ends it.
func pollRetriesErrors(ctx context.Context, key string) {
	for { // want `poll loop goes round on every failed call with no attempt limit and no deadline: while the call keeps failing the answer it waits for never comes; cap the attempts on errors or set a deadline`
		res, err := allow(ctx, key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if res.Allowed {
			return
		}
		time.Sleep(res.RetryAfter)
	}
}

// The failure way waits in a select on ctx.Done(): cancellation ends it.
func pollErrorsWatchCtx(ctx context.Context, key string) error {
	for {
		res, err := allow(ctx, key)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		if res.Allowed {
			return nil
		}
		time.Sleep(res.RetryAfter)
	}
}

// A failed call leaves the poll: only "not yet" goes round.
func pollErrorReturns(ctx context.Context, key string) error {
	for {
		res, err := allow(ctx, key)
		if err != nil {
			return err
		}
		if res.Allowed {
			return nil
		}
		time.Sleep(res.RetryAfter)
	}
}

// An attempt limit shared by both ways bounds the failures too.
func pollLimited(ctx context.Context, key string) error {
	for i := 0; i < 50; i++ {
		res, err := allow(ctx, key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if res.Allowed {
			return nil
		}
		time.Sleep(res.RetryAfter)
	}
	return errors.New("not allowed in time")
}

// A deadline shared by both ways.
func pollDeadline(ctx context.Context, key string) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		res, err := allow(ctx, key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if res.Allowed {
			return nil
		}
		time.Sleep(res.RetryAfter)
	}
	return errors.New("not allowed in time")
}

type poller struct {
	key  string
	done chan struct{}
}

// The owner's Close ends the poll, failing or not.
func (p *poller) run(ctx context.Context) {
	for {
		select {
		case <-p.done:
			return
		default:
		}
		res, err := allow(ctx, p.key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if res.Allowed {
			return
		}
		time.Sleep(res.RetryAfter)
	}
}

// A ticker paces the poll, and ctx ends it.
func pollTicker(ctx context.Context, key string) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		res, err := allow(ctx, key)
		if err != nil {
			continue
		}
		if res.Allowed {
			return nil
		}
	}
}

// A worker's loop: success goes round at once to the next item; its failure
// way is no poll's (other rules decide about such loops).
func workerLoop(ctx context.Context, key string) {
	for {
		res, err := allow(ctx, key)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if !res.Allowed {
			return
		}
	}
}

type relay struct {
	restart chan struct{}
	serve   func(context.Context) // set by the owner
}

// A restart loop: the success way serves (through a func value, which may
// wait) until a signal comes on a channel, then takes a new connection.
// Serving until a signal is no "not yet".
func (r *relay) loop(ctx context.Context, key string) {
	for {
		res, err := allow(ctx, key)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if !res.Allowed {
			return
		}
		r.serve(ctx)
		<-r.restart
	}
}
