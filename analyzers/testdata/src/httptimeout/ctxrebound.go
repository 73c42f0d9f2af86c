package httptimeout

import (
	"context"
	"net/http"
	"time"
)

// A context variable re-bound in place to a deadline of itself: only the
// assignment that reaches the call counts, not every assignment of the
// variable.

func sendMeta(ctx context.Context, rt http.RoundTripper, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	c := http.Client{Transport: rt}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: ctx is Background only until the next statement gives it a deadline.
func metaWithDeadline(rt http.RoundTripper) error {
	ctx := context.Background()
	ctx, cancel := context.WithDeadline(ctx, time.Now().Add(10*time.Second))
	defer cancel()
	return sendMeta(ctx, rt, "/meta")
}

// GOOD: the same through var, the callee handing a derived context to its
// goroutines.
func metaThroughVar(rt http.RoundTripper) error {
	var ctx context.Context = context.Background()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return metaInGoroutine(ctx, rt)
}

func metaInGoroutine(ctx context.Context, rt http.RoundTripper) error {
	cctx, stop := context.WithCancel(ctx)
	defer stop()
	errs := make(chan error, 1)
	go func() {
		errs <- sendMeta(cctx, rt, "/legacy-meta")
	}()
	return <-errs
}

func sendBranchMeta(ctx context.Context, rt http.RoundTripper, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	c := http.Client{Transport: rt} // want `http.Client has no Timeout and its Do at line \d+ sends with no context`
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD: the deadline is set on one path only.
func metaDeadlineInBranch(rt http.RoundTripper, limited bool) error {
	ctx := context.Background()
	if limited {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
	}
	return sendBranchMeta(ctx, rt, "/meta")
}

func sendResetMeta(ctx context.Context, rt http.RoundTripper, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	c := http.Client{Transport: rt} // want `http.Client has no Timeout and its Do at line \d+ sends with no context`
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD: Background is assigned after the deadline and is what reaches the call.
func metaResetAfterDeadline(rt http.RoundTripper) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ctx = context.Background()
	return sendResetMeta(ctx, rt, "/meta")
}

func sendLoopMeta(ctx context.Context, rt http.RoundTripper, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	c := http.Client{Transport: rt} // want `http.Client has no Timeout and its Do at line \d+ sends with no context`
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD: the second round sends with the Background the first one left.
func metaLoopReset(rt http.RoundTripper, urls []string) error {
	ctx := context.Background()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for _, u := range urls {
		if err := sendLoopMeta(ctx, rt, u); err != nil {
			return err
		}
		ctx = context.Background()
	}
	return nil
}
