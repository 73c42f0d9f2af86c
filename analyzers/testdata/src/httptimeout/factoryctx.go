package httptimeout

import (
	"context"
	"io"
	"net/http"
	"time"
)

// Issue 12 shape 6: a client that a function of the package returns is
// judged by the same send test as the client built where the call is. Every
// send of the result the package makes carries the caller's context or a
// deadline: quiet. One send without a context keeps it reported.

// GOOD: the result sends a request built from the caller's context.
func newLoginClient(tr http.RoundTripper) *http.Client {
	return &http.Client{Transport: tr}
}

func login(ctx context.Context, tr http.RoundTripper, u string) error {
	hc := newLoginClient(tr)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// GOOD: the deadline is made one call up, inside a goroutine's literal, and
// handed down; the sender builds the request from its context parameter and
// sends with the method's result at once.
type pusher struct{ HC *http.Client }

func (p *pusher) client() *http.Client {
	if p.HC != nil {
		return p.HC
	}
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func (p *pusher) Notify(ctx context.Context, targets []string) {
	go func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		for _, u := range targets {
			p.push(ctx, u)
		}
	}()
}

func (p *pusher) push(ctx context.Context, u string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return
	}
	if res, err := p.client().Do(req); err == nil {
		res.Body.Close()
	}
}

// GOOD: a helper of the package builds the request without a context and
// then gives it the caller's.
func ticketClient() *http.Client { return &http.Client{} }

func newTicketRequest(ctx context.Context, u string, body io.Reader) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, u, body)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	return req, nil
}

func redeem(ctx context.Context, u string) error {
	req, err := newTicketRequest(ctx, u, nil)
	if err != nil {
		return err
	}
	res, err := ticketClient().Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// GOOD: one call passes the result on, another sends it with a deadline
// made there.
func mirrorBase() *http.Client { return &http.Client{} }

func NewMirrorClient() *http.Client { return mirrorBase() }

func mirrorHead(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
	if err != nil {
		return err
	}
	res, err := mirrorBase().Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// GOOD: the result is passed to a function of the package that sends only
// the caller's requests with it.
func batchClient() *http.Client { return &http.Client{} }

func sendBatch(reqs []*http.Request) {
	hc := batchClient()
	for _, r := range reqs {
		send(hc, r)
	}
}

// GOOD: a factory in a func-typed field of the package, whose one call sends
// the caller's request.
type proxyOptions struct{ newHTTP func() *http.Client }

func newProxyOptions() *proxyOptions {
	return &proxyOptions{newHTTP: func() *http.Client { return &http.Client{} }}
}

func (o *proxyOptions) forward(r *http.Request) (*http.Response, error) {
	return o.newHTTP().Do(r)
}

// GOOD (unchanged): an exported factory the package never sends with is
// its receivers'.
func NewStreamClient(tr http.RoundTripper) *http.Client {
	return &http.Client{Transport: tr}
}

// Look-alikes that stay reported.

// One send of the result has no context at all, beside one that has the
// caller's.
func statusClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout and its Get at line 149 sends with no context`
}

func statusOf(ctx context.Context, u string) (int, error) {
	if ctx == nil {
		res, err := statusClient().Get(u)
		if err != nil {
			return 0, err
		}
		res.Body.Close()
		return res.StatusCode, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return 0, err
	}
	res, err := statusClient().Do(req)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

// The result sends a request built from context.Background().
func beaconClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout and its Do at line 179 sends with no context`
}

func beacon(u string) error {
	hc := beaconClient()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// The sender's context parameter is filled with context.Background() by one
// of its callers: no deadline one call up there.
type hookRelay struct{}

func (h *hookRelay) client() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout and its Do at line 207 sends with no context`
}

func (h *hookRelay) Forward(ctx context.Context, u string) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	h.post(ctx, u)
}

func (h *hookRelay) Flush(u string) { h.post(context.Background(), u) }

func (h *hookRelay) post(ctx context.Context, u string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return
	}
	if res, err := h.client().Do(req); err == nil {
		res.Body.Close()
	}
}
