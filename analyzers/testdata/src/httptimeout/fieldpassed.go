package httptimeout

import (
	"context"
	"net/http"
)

// A client field handed to a function of the package is followed into it:
// the field is bounded when that function only sends requests built with
// the caller's context.

type doer interface {
	Do(*http.Request) (*http.Response, error)
}

type egressProbe struct{ client doer }

func newEgressProbe() *egressProbe {
	ep := &egressProbe{}
	ep.client = &http.Client{} // GOOD: its only send carries the caller's context
	return ep
}

func (ep *egressProbe) ready(ctx context.Context, u string) (bool, error) {
	return probeOnce(ctx, u, ep.client)
}

func probeOnce(ctx context.Context, u string, client doer) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false, err
	}
	res, err := client.Do(req)
	if err != nil {
		return false, err
	}
	return res.StatusCode == http.StatusOK, res.Body.Close()
}

type plainProbe struct{ client *http.Client }

func newPlainProbe() *plainProbe {
	pp := &plainProbe{}
	pp.client = &http.Client{} // want `http.Client has no Timeout`
	return pp
}

// BAD: the helper sends with Get, which carries no context.
func (pp *plainProbe) ready(u string) error { return probeGet(u, pp.client) }

func probeGet(u string, client *http.Client) error {
	res, err := client.Get(u)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

type backgroundProbe struct{ client doer }

func newBackgroundProbe() *backgroundProbe {
	bp := &backgroundProbe{}
	bp.client = &http.Client{} // want `http.Client has no Timeout`
	return bp
}

// BAD: the helper is handed a context with no bound.
func (bp *backgroundProbe) ready(u string) (bool, error) {
	return probeOnceBackground(context.Background(), u, bp.client)
}

func probeOnceBackground(ctx context.Context, u string, client doer) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false, err
	}
	res, err := client.Do(req)
	if err != nil {
		return false, err
	}
	return res.StatusCode == http.StatusOK, res.Body.Close()
}
