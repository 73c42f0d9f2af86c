package httptimeout

import (
	"net/http"

	"example.com/sdk"
)

// Issue 12: a client stored in a field of the package's own struct, where no
// code of the package sends with the field, leaves the package's sends as a
// returned one does: whoever reads the field sets the deadline.

// Config configures a connection to the SDK.
type Config struct {
	URL        string
	HTTPClient *http.Client
}

// GOOD: the default config's client only goes on to another package's
// constructor.
func DefaultConfig() Config {
	return Config{URL: "https://api.example.com", HTTPClient: &http.Client{}}
}

func NewFromConfig(cfg Config) *sdk.Client {
	if cfg.HTTPClient == nil {
		cfg = DefaultConfig()
	}
	cfg.HTTPClient.Transport = http.DefaultTransport
	return sdk.NewWithClient(cfg.HTTPClient)
}

// Holder keeps a client for its users.
type Holder struct{ hc *http.Client }

// GOOD: the unexported field is only handed out by an exported getter.
func NewHolder() *Holder {
	return &Holder{hc: &http.Client{}}
}

func (h *Holder) HTTPClient() *http.Client { return h.hc }

// Look-alikes that stay reported.

// Options configures a pinger.
type Options struct{ HTTPClient *http.Client }

// The package also sends with the exported field, with no context.
func DefaultOptions() Options {
	return Options{HTTPClient: &http.Client{}} // want `http.Client has no Timeout`
}

func (o Options) ping(u string) error {
	_, err := o.HTTPClient.Get(u)
	return err
}

// The package reads the field into a variable: not followed.
type Mirror struct{ HTTPClient *http.Client }

func NewMirror() *Mirror {
	return &Mirror{HTTPClient: &http.Client{}} // want `http.Client has no Timeout`
}

func (m *Mirror) copyClient() *http.Client {
	hc := m.HTTPClient
	return hc
}

// GOOD: an unexported field nothing reads (a dead field): no request is
// ever sent with its client.
type quietHolder struct{ hc *http.Client }

func newQuietHolder() *quietHolder {
	return &quietHolder{hc: &http.Client{}}
}

// The same field read once to send keeps it reported.
type readHolder struct{ hc *http.Client }

func newReadHolder() *readHolder {
	return &readHolder{hc: &http.Client{}} // want `http.Client has no Timeout`
}

func (h *readHolder) get(u string) (*http.Response, error) { return h.hc.Get(u) }

// GOOD: a dead field assigned after the struct is built.
type lateHolder struct {
	hc   *http.Client
	name string
}

func newLateHolder() *lateHolder {
	h := &lateHolder{name: "x"}
	h.hc = &http.Client{}
	return h
}

// An embedded client: its methods are called through the struct.
type Embedder struct{ *http.Client }

func NewEmbedder() *Embedder {
	return &Embedder{Client: &http.Client{}} // want `http.Client has no Timeout`
}

func (e *Embedder) fetch(u string) (*http.Response, error) { return e.Get(u) }

// GOOD: the field's client goes on to a second struct of the package (a
// function of the package stores it), whose method sends it only with the
// caller's request: followed from field to field (fields_hidden.go).
type handlerChain struct{ hc *http.Client }

func newHandlerChain(hc *http.Client) *handlerChain { return &handlerChain{hc: hc} }

func (h *handlerChain) Do(req *http.Request) (*http.Response, error) { return h.hc.Do(req) }

// API is an SDK client.
type API struct {
	hc      *http.Client
	handler *handlerChain
}

func NewAPI() *API {
	a := &API{hc: &http.Client{}}
	a.handler = newHandlerChain(a.hc)
	return a
}
