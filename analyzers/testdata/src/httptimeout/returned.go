package httptimeout

import (
	"crypto/tls"
	"net/http"
	"net/url"
	"time"
)

// Issue 12: a client that a library function only returns is its receiver's:
// whoever gets it sets the deadline (a Timeout, or a context on each request).

// AuthTransport adds credentials to each request.
type AuthTransport struct{ Base http.RoundTripper }

func (t *AuthTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	return t.Base.RoundTrip(r)
}

// GOOD: a convenience method that hands out a client over the transport; the
// package never sends with it.
func (t *AuthTransport) Client() *http.Client {
	return &http.Client{Transport: t}
}

// GOOD: configured through a local variable, then returned.
func NewInsecureClient() *http.Client {
	hc := &http.Client{}
	hc.Transport = &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
	return hc
}

// GOOD: an unexported helper whose only call returns the client on, directly
// or through a variable that is only checked for nil.
func baseClient(proxy *url.URL) *http.Client {
	if proxy == nil {
		return nil
	}
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxy)}}
}

func NewProxyClient(proxy *url.URL) *http.Client {
	if hc := baseClient(proxy); hc != nil {
		return hc
	}
	return http.DefaultClient // want `http.DefaultClient has no timeout`
}

func plainBase() *http.Client { return &http.Client{} }

func NewPlain() *http.Client { return plainBase() }

// GOOD: the function of the package that receives it sets a Timeout before
// it sends.
func proxyFreeClient() *http.Client {
	return &http.Client{Transport: http.DefaultTransport}
}

func timedFetch(u string, d time.Duration) error {
	hc := proxyFreeClient()
	hc.Timeout = d
	_, err := hc.Get(u)
	return err
}

// GOOD: a test calls it and sends with it: a test is a caller like any other
// (returned_test.go).
func NewTestedClient() *http.Client {
	return &http.Client{}
}

// Look-alikes that stay reported.

// A function of the package sends with the result, with no context.
func NewFetchClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func fetchStatus(u string) (int, error) {
	resp, err := NewFetchClient().Get(u)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

// A constructor of the package stores the result in a field its own methods
// send with.
func NewPoolClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

type pool struct{ hc *http.Client }

func newPool() *pool { return &pool{hc: NewPoolClient()} }

func (p *pool) get(u string) (*http.Response, error) { return p.hc.Get(u) }

// Stored in a field and sent with by the package: not returned at all.
type Scraper struct{ hc *http.Client }

func NewScraper() *Scraper {
	return &Scraper{hc: &http.Client{}} // want `http.Client has no Timeout`
}

func (s *Scraper) Page(u string) (*http.Response, error) { return s.hc.Get(u) }

// Passed to a function of the package that sends with it, with no context.
// (Sending only the caller's requests there would be bounded: factoryctx.go.)
func NewSendClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func sendAll(urls []string) {
	hc := NewSendClient()
	for _, u := range urls {
		headOf(hc, u)
	}
}

func headOf(c *http.Client, u string) { c.Head(u) }

// Returned on by a helper whose own caller sends with it.
func innerClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func outerClient() *http.Client { return innerClient() }

func probe(u string) error {
	_, err := outerClient().Head(u)
	return err
}

// The receiving function sets the Timeout only after its first send.
func lateClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func lateFetch(u string) error {
	hc := lateClient()
	if _, err := hc.Get(u); err != nil {
		return err
	}
	hc.Timeout = time.Second
	_, err := hc.Get(u)
	return err
}

// Used as a function value: its calls are out of sight.
func NewFactoryClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

var clientFactory = NewFactoryClient

// Returned by a function that calls itself: the cycle is not followed.
func retryingClient(n int) *http.Client {
	if n == 0 {
		return &http.Client{} // want `http.Client has no Timeout`
	}
	return retryingClient(n - 1)
}

func useRetrying(u string) { retryingClient(2).Get(u) }
