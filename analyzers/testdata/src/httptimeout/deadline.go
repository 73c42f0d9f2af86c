package httptimeout

import (
	"context"
	"io"
	"net/http"
	"time"
)

// A client without Timeout whose every request carries a context with a
// deadline is bounded by those deadlines.

// GOOD: each request gets its own deadline (etcd's getPeerHashKVs).
func peerHashes(urls []string, rt http.RoundTripper) error {
	cc := &http.Client{Transport: rt}
	for _, u := range urls {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			cancel()
			return err
		}
		resp, err := cc.Do(req)
		cancel()
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// GOOD: the request gets the context through WithContext.
func withContextDeadline(parent context.Context, u string) error {
	c := http.Client{}
	ctx, cancel := context.WithDeadline(parent, time.Now().Add(time.Second))
	defer cancel()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req = req.WithContext(ctx)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	c.CloseIdleConnections()
	return resp.Body.Close()
}

// GOOD: the client is handed, with a deadline context, to a function of the
// package that only sends requests built with that context.
func viaHelper(urls []string) error {
	cc := &http.Client{}
	for _, u := range urls {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err := hashByRev(ctx, cc, u)
		cancel()
		if err != nil {
			return err
		}
	}
	return nil
}

func hashByRev(ctx context.Context, cc *http.Client, u string) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	resp, err := cc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

type peer struct {
	ctx     context.Context
	timeout time.Duration
}

func (p *peer) reqCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(p.ctx, p.timeout)
}

// GOOD: the deadline comes from a helper of the package that wraps
// context.WithTimeout.
func (p *peer) viaCtxHelper(u string) error {
	c := &http.Client{}
	ctx, cancel := p.reqCtx()
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: a request sent from a closure, built with the function's deadline.
func inClosure(u string) error {
	c := &http.Client{}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	send := func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return send()
}

// Look-alikes that stay reported.

// One request has a deadline, the other does not.
func mixedDeadlines(parent context.Context, u string) error {
	c := &http.Client{} // want `http.Client has no Timeout`
	ctx, cancel := context.WithTimeout(parent, time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if _, err := c.Do(req); err != nil {
		return err
	}
	req2, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
	_, err := c.Do(req2)
	return err
}

// Get has no context at all.
func deadlineThenGet(u string) error {
	c := &http.Client{} // want `http.Client has no Timeout`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if _, err := c.Do(req); err != nil {
		return err
	}
	_, err := c.Get(u)
	return err
}

// GOOD: the request carries the caller's context, the caller's bound.
func callerCtx(ctx context.Context, u string) error {
	c := &http.Client{}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	_, err := c.Do(req)
	return err
}

// A context that is only cancellable has no deadline.
func cancelOnly(u string) error {
	c := &http.Client{} // want `http.Client has no Timeout`
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	_, err := c.Do(req)
	return err
}

// The client escapes: returned after a request with a deadline.
func returnedAfterDeadline(u string) *http.Client {
	c := &http.Client{} // want `http.Client has no Timeout`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	c.Do(req)
	return c
}

// The client escapes into a field.
func (s *service) storedAfterDeadline(u string) {
	c := &http.Client{} // want `http.Client has no Timeout`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	c.Do(req)
	s.client = c
}

// GOOD: the helper it is passed to sends with the caller's context.
func viaHelperCallerCtx(ctx context.Context, u string) error {
	cc := &http.Client{}
	_, err := hashByRev(ctx, cc, u)
	return err
}

// The helper it is passed to sends with context.Background().
func viaHelperNoDeadline(u string) error {
	cc := &http.Client{} // want `http.Client has no Timeout`
	_, err := hashByRev(context.Background(), cc, u)
	return err
}

// The helper it is passed to uses it without any context.
func viaHelperGet(u string) error {
	cc := &http.Client{} // want `http.Client has no Timeout`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return getWith(ctx, cc, u)
}

func getWith(_ context.Context, cc *http.Client, u string) error {
	_, err := cc.Get(u)
	return err
}

// Passed to a function value whose body is not known.
func passedToOtherPackage(u string) {
	c := &http.Client{} // want `http.Client has no Timeout`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	c.Do(req)
	keep(c)
}

var keep = func(any) {}

// Never used to send anything: nothing bounds it.
func unused() {
	c := &http.Client{} // want `http.Client has no Timeout`
	_ = c
}

// GOOD: http.DefaultClient.Do from a closure, of a request built outside it
// with a deadline, and with a context from a helper that sets a deadline.
func (p *peer) defaultInClosure(u string) func() error {
	ctx, cancel := p.reqCtx()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	return func() error {
		defer cancel()
		_, err := http.DefaultClient.Do(req)
		return err
	}
}

// A helper that only makes a cancellable context gives no deadline.
func (p *peer) cancelCtx() (context.Context, context.CancelFunc) {
	return context.WithCancel(p.ctx)
}

func (p *peer) defaultCancelHelper(u string) error {
	ctx, cancel := p.cancelCtx()
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	_, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	return err
}

// GOOD: the request is built in a function literal, with a context that got
// a deadline in the enclosing function (the engine's definition of "has a
// deadline", which httptimeout shares, follows enclosing functions).
func closureDeadline(parent context.Context, u string) {
	ctx, cancel := context.WithTimeout(parent, time.Second)
	defer cancel()
	send := func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		http.DefaultClient.Do(req)
	}
	send()
}

// GOOD: the literal's context is the caller's, the caller's bound; the
// deadline made beside it is for another context.
func closureCallerCtx(parent context.Context, u string) {
	other, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = other
	send := func() {
		req, _ := http.NewRequestWithContext(parent, http.MethodGet, u, nil)
		http.DefaultClient.Do(req)
	}
	send()
}

// GOOD: a derived context (WithCancel) of a helper's context with a deadline.
func derivedHelperDeadline(u string) {
	base, stop := opContext()
	defer stop()
	ctx, cancel := context.WithCancel(base)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	http.DefaultClient.Do(req)
}

func opContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), time.Second)
}

// releaseCtx is a program's own context: it embeds the standard one.
type releaseCtx struct {
	context.Context
	name string
}

// GOOD: the request carries the caller's context of the program's own type.
func ownContextType(ctx *releaseCtx, u string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// A caller in the package fills it with a context that bounds nothing.
func ownContextFilled(ctx *releaseCtx, u string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	_, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	return err
}

func fillsOwnContext(u string) error {
	return ownContextFilled(&releaseCtx{Context: context.Background()}, u)
}
