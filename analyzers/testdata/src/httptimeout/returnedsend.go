package httptimeout

import (
	"context"
	"net/http"
)

// A client a helper of the package builds and returns, which the package
// then sends with a request that carries no context, stays reported
// (returned.go); its finding names the first such send, wherever it lies.

type oidcVerifier struct{ rt http.RoundTripper }

// The result reaches a Get through a function of the package it is passed to.
func (v *oidcVerifier) discoveryClient() (*http.Client, error) {
	client := &http.Client{Transport: v.rt} // want `http.Client has no Timeout and its Get at line 29 sends with no context that could bound it`
	return client, nil
}

func (v *oidcVerifier) initProvider(base string) error {
	hc, err := v.discoveryClient()
	if err != nil {
		return err
	}
	return v.discover(base, hc)
}

func (v *oidcVerifier) discover(base string, client *http.Client) error {
	res, err := client.Get(base + "/.well-known/openid-configuration")
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// The result sent with Post at once.
func uploadClient(rt http.RoundTripper) *http.Client {
	return &http.Client{Transport: rt} // want `http.Client has no Timeout and its Post at line 42 sends with no context`
}

func upload(rt http.RoundTripper, u string) error {
	res, err := uploadClient(rt).Post(u, "text/plain", nil)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// The result kept in a variable, sent with a request built without a context.
func pingClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout and its Do at line 57 sends with no context`
}

func ping(u string) error {
	hc := pingClient()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// Look-alike: the package sends the result only with the caller's context.
// It is judged as the same client built in callerFetch would be: quiet
// (issue 12 shape 6; more in factoryctx.go).
func callerClient() *http.Client {
	return &http.Client{}
}

func callerFetch(ctx context.Context, u string) error {
	hc := callerClient()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
