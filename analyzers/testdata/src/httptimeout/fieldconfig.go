package httptimeout

import (
	"context"
	"errors"
	"net/http"
)

// A client kept in a field of an interface type, asserted back to
// *http.Client by an option that only sets up its transport: that sends
// nothing, so the field's sends are its Do calls, each with the caller's
// context. The same option that sends with the asserted client stays
// reported.

type uaTransport struct {
	http.RoundTripper
	agent string
}

type routingAPI struct {
	hc  doer
	url string
}

type routingOption func(*routingAPI) error

func withAgent(agent string) routingOption {
	return func(a *routingAPI) error {
		hc, ok := a.hc.(*http.Client)
		if !ok {
			return errors.New("the client must be an *http.Client")
		}
		tr, ok := hc.Transport.(*uaTransport)
		if !ok {
			return errors.New("the transport must be a *uaTransport")
		}
		tr.agent = agent
		return nil
	}
}

func newRoutingAPI(url string, opts ...routingOption) (*routingAPI, error) {
	a := &routingAPI{url: url, hc: &http.Client{Transport: &uaTransport{RoundTripper: http.DefaultTransport}}} // GOOD: every request carries its caller's context
	for _, o := range opts {
		if err := o(a); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func (a *routingAPI) find(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.url, nil)
	if err != nil {
		return err
	}
	res, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

type probingAPI struct {
	hc  doer
	url string
}

func withProbe(url string) func(*probingAPI) error {
	return func(a *probingAPI) error {
		hc, ok := a.hc.(*http.Client)
		if !ok {
			return errors.New("the client must be an *http.Client")
		}
		res, err := hc.Get(url)
		if err != nil {
			return err
		}
		return res.Body.Close()
	}
}

func newProbingAPI(url string) *probingAPI {
	return &probingAPI{url: url, hc: &http.Client{}} // want `http.Client has no Timeout`
}

func (a *probingAPI) find(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.url, nil)
	if err != nil {
		return err
	}
	res, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
