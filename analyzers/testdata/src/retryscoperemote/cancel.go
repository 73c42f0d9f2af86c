package retryscoperemote

import (
	"context"
	"net"
	"os"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// Calling a context's cancel function (context.CancelFunc, CancelCauseFunc)
// cancels the context inside the process: it reaches no other system, so a
// callback that calls one is judged by the rest of what it does.

// A dial under a per-attempt timeout: it only connects.
func cancelDialEach(ctx context.Context) error {
	return retry.Do(func() error { // want `remote, connects only`
		attemptCtx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		var d net.Dialer
		c, err := d.DialContext(attemptCtx, "tcp", "svc:1")
		if err != nil {
			return err
		}
		return c.Close()
	})
}

// A name lookup whose callback cancels the owner's context after a failure
// (a CancelCauseFunc field): it only connects.
type cancelResolver struct {
	ctx    context.Context
	stop   context.CancelCauseFunc
	failed bool
}

func (c *cancelResolver) lookup(r *net.Resolver) error {
	return retry.Do(func() error { // want `remote, connects only`
		if c.failed {
			c.stop(context.Canceled)
		}
		if _, err := r.LookupIPAddr(c.ctx, "svc"); err != nil {
			c.failed = true
			return err
		}
		return nil
	})
}

// A local rename whose callback cancels a context: local.
func cancelRename(ctx context.Context) error {
	_, cancel := context.WithCancel(ctx)
	return retry.Do(func() error { // want `local`
		defer cancel()
		return os.Rename("a.tmp", "a")
	})
}

// Look-alike: a plain func() value handed in may do anything: the dial
// callback that calls it may be refused.
func callbackDial(before func()) error {
	return retry.Do(func() error { // want `remote, may be refused`
		before()
		_, err := net.DialTimeout("tcp", "svc:1", time.Second)
		return err
	})
}

// Look-alike: a func() field that holds no cancel function of a context,
// whatever its name: out of reach, it may be refused.
type cancelHook struct{ cancel func() }

func (h *cancelHook) dial() error {
	return retry.Do(func() error { // want `remote, may be refused`
		h.cancel()
		_, err := net.DialTimeout("tcp", "svc:1", time.Second)
		return err
	})
}
