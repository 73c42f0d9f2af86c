package unboundedretry

import (
	"context"
	"errors"
	"net"
	"time"

	"google.golang.org/grpc/codes"
	grpcstatus "google.golang.org/grpc/status"
)

// A loop whose attempt is handed the caller's context and that goes round
// only past a test a context's error fails stops when that context ends:
// the next attempt fails with the context's error, which leaves. Tests a
// context's error passes (a timeout, an error type that wraps it, a code
// named for a deadline), a context made anew each round, and one nothing can
// cancel keep the finding.

type ceAdmin interface {
	UpdateTree(ctx context.Context, name string) error
}

var ceErrBusy = errors.New("tree locked by another writer")

// GOOD: gRPC fails with DeadlineExceeded or Canceled once ctx ends.
func ceUpdateUnavailable(ctx context.Context, c ceAdmin, name string) error {
	for {
		err := c.UpdateTree(ctx, name)
		if err == nil {
			return nil
		}
		if grpcstatus.Code(err) == codes.Unavailable {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return err
	}
}

// GOOD: a sentinel of the package; the context's error is not it.
func ceUpdateBusy(ctx context.Context, c ceAdmin, name string) error {
	for {
		err := c.UpdateTree(ctx, name)
		if !errors.Is(err, ceErrBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// BAD: every error goes round, the context's as well.
func ceUpdateAll(ctx context.Context, c ceAdmin, name string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := c.UpdateTree(ctx, name); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// BAD: a cancelled dial is a *net.OpError too.
func ceUpdateOpErrors(ctx context.Context, c ceAdmin, name string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := c.UpdateTree(ctx, name)
		var oe *net.OpError
		if !errors.As(err, &oe) {
			return err
		}
		time.Sleep(time.Second)
	}
}

var ceErrTimedOut = errors.New("lock wait timed out")

// BAD: a sentinel named for a timeout may be what an ended context becomes.
func ceUpdateTimedOut(ctx context.Context, c ceAdmin, name string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := c.UpdateTree(ctx, name)
		if !errors.Is(err, ceErrTimedOut) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// BAD: each round's context ends, the loop does not.
func ceUpdatePerTry(ctx context.Context, c ceAdmin, name string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := c.UpdateTree(tctx, name)
		cancel()
		if !errors.Is(err, ceErrBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// BAD: nothing can cancel the context the attempt is handed.
func ceUpdateBackground(c ceAdmin, name string) error {
	ctx := context.Background()
	for { // want `retry loop has no attempt limit and no deadline: ctx never fires, as nothing can cancel ctx`
		err := c.UpdateTree(ctx, name)
		if !errors.Is(err, ceErrBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
}

type ceCache struct {
	admin   ceAdmin
	version int
	current func() int
}

// update returns ceErrBusy from its own state, before it hands ctx on.
func (c *ceCache) update(ctx context.Context, name string) error {
	if c.version != c.current() {
		return ceErrBusy
	}
	return c.admin.UpdateTree(ctx, name)
}

// BAD: the attempt is the package's own: an ended context ends nothing
// while it keeps answering busy from its cache.
func ceUpdateCached(ctx context.Context, c *ceCache, name string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := c.update(ctx, name)
		if !errors.Is(err, ceErrBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
}

type ceQueue interface {
	Publish(ctx context.Context, name string) error
	Flush() error
}

// BAD: the flush's error goes round too, and the flush takes no context.
func cePublishFlushed(ctx context.Context, q ceQueue, name string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := q.Publish(ctx, name)
		if err == nil {
			err = q.Flush()
		}
		if !errors.Is(err, ceErrBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
}
