package retryall

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// A forwarding wrapper stopped by a channel parameter: its calls are judged.
// Calling the cancel of the context whose Done() is the stop reaches no other
// system, so an operation that looks a name up and cancels after a failure
// only connects: nothing to classify.

func everyTick(d time.Duration, stop <-chan struct{}, f func() error) error {
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

// GOOD: a lookup that cancels its own stop after a failure.
func resolveOnce(ctx context.Context, r *net.Resolver, host string) ([]net.IPAddr, error) {
	retryCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var ips []net.IPAddr
	failed := false
	err := everyTick(time.Second, retryCtx.Done(), func() error {
		if failed {
			cancel()
		}
		var err error
		if ips, err = r.LookupIPAddr(retryCtx, host); err != nil {
			failed = true
			return fmt.Errorf("lookup %s: %w", host, err)
		}
		if len(ips) == 0 {
			return errors.New("no records yet")
		}
		return nil
	})
	return ips, err
}

// Look-alike: the lookup calls a hook handed in, which may do anything.
func resolveHooked(ctx context.Context, r *net.Resolver, host string, hook func()) error {
	return everyTick(time.Second, ctx.Done(), func() error { // want `retryall.everyTick retries every error the callback returns`
		hook()
		_, err := r.LookupIPAddr(ctx, host)
		return err
	})
}

// Look-alike: a request whose status becomes the error: the server's refusal
// is retried until the caller's context ends.
func fetchUntilDone(ctx context.Context, c *http.Client, url string) error {
	retryCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	return everyTick(time.Second, retryCtx.Done(), func() error { // want `retryall.everyTick retries every error the callback returns`
		req, err := http.NewRequestWithContext(retryCtx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return errors.New(resp.Status)
		}
		return nil
	})
}
