package httptimeout

import (
	"net/http"

	"example.com/sdk"
	"github.com/openbao/openbao/api/v2"
)

// A client assigned to the HttpClient field of an OpenBao api.Config is sent
// with the configuration's Timeout as the deadline of every request
// (knowledge.http_timeout.bounding_fields).

// GOOD: the library bounds every request of the default client too.
func newBaoDefault() (*api.Client, error) {
	cfg := api.DefaultConfig()
	cfg.HttpClient = http.DefaultClient
	return api.NewClient(cfg)
}

// GOOD: a client built for the configuration.
func newBaoBuilt() (*api.Client, error) {
	cfg := api.DefaultConfig()
	cfg.HttpClient = &http.Client{Transport: http.DefaultTransport}
	return api.NewClient(cfg)
}

// A factory stored in a field of the package's own struct: its client is
// judged where the field is called.
type baoProvider struct {
	NewHTTP func() *http.Client
	hc      *http.Client
}

// GOOD: every call of the factory hands its client to the configuration,
// through a field that is only handed over, checked and closed.
func newBaoProvider() *baoProvider {
	return &baoProvider{NewHTTP: func() *http.Client {
		return &http.Client{Transport: http.DefaultTransport}
	}}
}

func (p *baoProvider) client() (*api.Client, error) {
	p.hc = p.NewHTTP()
	cfg := api.DefaultConfig()
	cfg.HttpClient = p.hc
	return api.NewClient(cfg)
}

func (p *baoProvider) close() {
	if p.hc != nil {
		p.hc.CloseIdleConnections()
		p.hc = nil
	}
}

// GOOD (as before, any library's struct field takes the client over): the
// same factory's client handed to a library the knowledge base does not know.
type sdkProvider struct{ newHTTP func() *http.Client }

func newSDKProvider() *sdkProvider {
	return &sdkProvider{newHTTP: func() *http.Client {
		return &http.Client{Transport: http.DefaultTransport}
	}}
}

func (p *sdkProvider) client() *sdk.Client {
	return sdk.New(sdk.Options{HTTPClient: p.newHTTP()})
}

// Look-alikes that stay reported.

// http.DefaultClient in a struct literal of the configuration: its Timeout
// is zero, the library adds no deadline.
func newBaoLiteral() (*api.Client, error) {
	return api.NewClient(&api.Config{HttpClient: http.DefaultClient}) // want `http.DefaultClient has no timeout`
}

// http.DefaultClient in an unknown library's configuration.
func newSDKDefault() *sdk.Client {
	var o sdk.Options
	o.HTTPClient = http.DefaultClient // want `http.DefaultClient has no timeout`
	return sdk.New(o)
}

// The client handed to the configuration also sends here, with no deadline.
func baoAndGet(u string) (*api.Client, error) {
	hc := &http.Client{} // want `http.Client has no Timeout`
	cfg := api.DefaultConfig()
	cfg.HttpClient = hc
	if _, err := hc.Get(u); err != nil {
		return nil, err
	}
	return api.NewClient(cfg)
}

// A factory whose client also sends where it is called.
type sendingProvider struct{ newHTTP func() *http.Client }

func newSendingProvider() *sendingProvider {
	return &sendingProvider{newHTTP: func() *http.Client {
		return &http.Client{Transport: http.DefaultTransport} // want `http.Client has no Timeout`
	}}
}

func (p *sendingProvider) client(u string) (*api.Client, error) {
	cfg := api.DefaultConfig()
	cfg.HttpClient = p.newHTTP()
	_, err := p.newHTTP().Get(u)
	return nil, err
}

// A factory read as a value, not called: out of sight.
type copiedProvider struct{ newHTTP func() *http.Client }

func newCopiedProvider() *copiedProvider {
	return &copiedProvider{newHTTP: func() *http.Client {
		return &http.Client{Transport: http.DefaultTransport} // want `http.Client has no Timeout`
	}}
}

func (p *copiedProvider) factory() func() *http.Client { return p.newHTTP }
