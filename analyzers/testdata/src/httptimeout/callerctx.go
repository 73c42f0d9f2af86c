package httptimeout

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// A request that carries its caller's context is bounded by the caller: the
// context parameter, a request received as a parameter (req.Context(), or
// the request itself), a request built by a helper from the caller's
// context, a request held in a field that was built elsewhere.

// GOOD: the request is built from the context of the request received.
func proxyReqContext(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Do(req)
}

// GOOD: the received request with a context derived from its own.
func proxyReqWithValue(r *http.Request) {
	ctx := context.WithValue(r.Context(), struct{}{}, 1)
	http.DefaultClient.Do(r.WithContext(ctx))
}

// GOOD: the request is the caller's; its context is out of reach here.
func sendCallerRequest(req *http.Request) (*http.Response, error) {
	return http.DefaultClient.Do(req)
}

// GOOD: a helper of the package builds the request from the caller's ctx.
func viaRequestHelper(ctx context.Context, u string) error {
	req, err := newGetRequest(ctx, u)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func newGetRequest(ctx context.Context, u string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodGet, u, strings.NewReader(""))
}

// The helper builds the request from context.Background().
func viaRequestHelperBackground(u string) error {
	req, err := newBackgroundRequest(u)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	return err
}

func newBackgroundRequest(u string) (*http.Request, error) {
	return http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
}

type pending struct {
	req *http.Request
}

// GOOD: the request held in the field was built elsewhere, by the caller.
func (p *pending) send() (*http.Response, error) {
	return http.DefaultClient.Do(p.req)
}

// NewRequest has no context at all.
func noContextRequest(u string) error {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	_, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	return err
}

// A local client: every request carries the caller's context.
func localClientCallerRequest(req *http.Request) error {
	c := &http.Client{}
	_, err := c.Do(req)
	return err
}

// A local client: one request has a caller's context, the other none.
func localClientMixed(ctx context.Context, u string) error {
	c := &http.Client{} // want `http.Client has no Timeout and its Get at line 90 sends with no context`
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if _, err := c.Do(req); err != nil {
		return err
	}
	_, err := c.Get(u)
	return err
}

// A field client: every use sends a caller's request.
type relay struct {
	hc *http.Client
}

func newRelay() *relay {
	return &relay{hc: &http.Client{}}
}

func (r *relay) forward(req *http.Request) (*http.Response, error) {
	return r.hc.Do(req.WithContext(req.Context()))
}

func (r *relay) fetch(ctx context.Context, u string) (*http.Response, error) {
	req, err := newGetRequest(ctx, u)
	if err != nil {
		return nil, err
	}
	return r.hc.Do(req)
}

// A field client with one use that has no context.
type poller struct {
	hc *http.Client
}

func newPoller() *poller {
	return &poller{hc: &http.Client{}} // want `http.Client has no Timeout and its Do at line 134 sends with no context`
}

func (p *poller) fetch(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return p.hc.Do(req)
}

func (p *poller) ping(u string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	return p.hc.Do(req)
}

// GOOD: WithContext of a context derived (WithCancel) from the parameter.
func derivedFromParam(ctx context.Context, req *http.Request) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	http.DefaultClient.Do(req.WithContext(ctx))
}

// A request parameter that a call in the package fills with a request built
// without a context: the package itself sends without a bound.
func sendFilled(req *http.Request) (*http.Response, error) {
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func fillsRequest(u string) {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	sendFilled(req)
}

// The helper builds the request from the context it is given, and this
// call gives it context.Background().
func helperGivenBackground(u string) error {
	req, err := newFromCtx(context.Background(), u)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	return err
}

// GOOD: the same helper given the caller's context.
func helperGivenCallerCtx(ctx context.Context, u string) error {
	req, err := newFromCtx(ctx, u)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func newFromCtx(ctx context.Context, u string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return req, nil
}

// The helper builds one of its requests without a context.
func helperOnePathNoCtx(ctx context.Context, u string, plain bool) error {
	req, err := newMaybePlain(ctx, u, plain)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	return err
}

func newMaybePlain(ctx context.Context, u string, plain bool) (*http.Request, error) {
	if plain {
		return http.NewRequest(http.MethodGet, u, nil)
	}
	return http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
}

// GOOD: the context of the caller's request, in a closure.
func closureReqContext(r *http.Request, u string) func() error {
	return func() error {
		req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, u, nil)
		_, err := http.DefaultClient.Do(req)
		return err
	}
}

// The context of a request built here without one bounds nothing.
func ownRequestContext(u string) {
	first, _ := http.NewRequest(http.MethodGet, u, nil)
	req, _ := http.NewRequestWithContext(first.Context(), http.MethodGet, u, nil)
	http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

// A local client whose one request comes from another package: its context
// is not known to bound nothing, so no call is named.
func localClientOtherRequest(u string) error {
	c := &http.Client{} // want `http.Client has no Timeout: a server`
	req, err := newRequestVar(u)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

var newRequestVar = func(u string) (*http.Request, error) { return http.NewRequest(http.MethodGet, u, nil) }

type mirror struct{ hc *http.Client }

// The default client stored in a field whose one send has no context.
func newMirror() *mirror {
	return &mirror{hc: http.DefaultClient} // want `http.DefaultClient has no timeout and its Get at line \d+ sends with no context`
}

func (m *mirror) head(u string) (*http.Response, error) { return m.hc.Get(u) }

// A streamed transfer: the function that makes the context returns its
// cancel function, and whoever holds it ends the request (as a caller ends
// a context it passes in). Every other call passes a deadline.
type streamFS struct{ hc *http.Client }

func newStreamFS() *streamFS { return &streamFS{hc: &http.Client{}} }

func (f *streamFS) send(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return f.hc.Do(req.WithContext(ctx))
}

func (f *streamFS) stat(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := f.send(ctx, u)
	return err
}

// GOOD: the cancel goes back to the caller with the stream.
func (f *streamFS) open(u string) (func(), error) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer cancel()
		if resp, err := f.send(ctx, u); err == nil {
			resp.Body.Close()
		}
	}()
	return cancel, nil
}

// The same send where the cancel only runs when the function is done:
// nothing ends the request before.
type heldFS struct{ hc *http.Client }

func newHeldFS() *heldFS { return &heldFS{hc: &http.Client{}} } // want `http.Client has no Timeout and its Do at line \d+ sends with no context`

func (f *heldFS) send(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return f.hc.Do(req.WithContext(ctx))
}

func (f *heldFS) fetch(u string) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := f.send(ctx, u)
	return err
}

// The cancel a closure returns is the closure's caller's, not the caller
// of the function around it: the send stays unbounded.
type closureFS struct{ hc *http.Client }

func newClosureFS() *closureFS { return &closureFS{hc: &http.Client{}} } // want `http.Client has no Timeout and its Do at line \d+ sends with no context`

func (f *closureFS) send(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return f.hc.Do(req.WithContext(ctx))
}

func (f *closureFS) opener(u string) func() func() {
	ctx, cancel := context.WithCancel(context.Background())
	return func() func() {
		f.send(ctx, u)
		return cancel
	}
}
