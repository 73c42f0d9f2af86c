package httptimeout

import (
	"net/http"
	"time"
)

// A nil fallback on a client the caller brings — a parameter, or an exported
// field of an exported struct — is the caller's choice: the finding is where
// the package passes nil, and the fallback itself is quiet.

type FallbackAPI struct{ hc *http.Client }

// GOOD: an exported constructor; nobody in the package passes nil.
func NewFallbackAPI(hc *http.Client) *FallbackAPI {
	if hc == nil {
		hc = http.DefaultClient
	}
	return &FallbackAPI{hc: hc}
}

func (a *FallbackAPI) get(u string) (*http.Response, error) { return a.hc.Get(u) }

// GOOD: a caller passes its own client.
func fallbackWithTimeout() *FallbackAPI {
	return NewFallbackAPI(&http.Client{Timeout: time.Minute})
}

type userAgent struct {
	next http.RoundTripper
	ua   string
}

func (u *userAgent) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("User-Agent", u.ua)
	return u.next.RoundTrip(req)
}

// GOOD: an exported wrapper with two nil fallbacks, the client and its
// transport.
func WrapClient(c *http.Client, ua string) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	tr := c.Transport
	if tr == nil {
		tr = http.DefaultTransport
	}
	wrapped := *c
	wrapped.Transport = &userAgent{next: tr, ua: ua}
	return &wrapped
}

// GOOD: the fallback builds a client of its own, on a local copy of the
// parameter.
func WrapFresh(client *http.Client, ua string) *http.Client {
	c := client
	if c == nil {
		c = &http.Client{}
	}
	c.Transport = &userAgent{next: http.DefaultTransport, ua: ua}
	return c
}

// FallbackRemote's field belongs to whoever builds it.
type FallbackRemote struct {
	BaseURL    string
	HTTPClient *http.Client
}

// GOOD: the struct's builder chose to leave HTTPClient nil.
func (r *FallbackRemote) Do(req *http.Request) (*http.Response, error) {
	hc := r.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}

// GOOD: returned to the caller, who may set HTTPClient before sending.
func NewFallbackRemote(u string) *FallbackRemote { return &FallbackRemote{BaseURL: u} }

// GOOD: the field is set before the method runs.
func remoteWithClient(req *http.Request, hc *http.Client) (*http.Response, error) {
	r := &FallbackRemote{BaseURL: "https://example.com"}
	r.HTTPClient = hc
	return r.Do(req)
}

// The package builds the struct without the field and sends with it.
func remoteBare(req *http.Request) (*http.Response, error) {
	return (&FallbackRemote{BaseURL: "https://example.com"}).Do(req) // want `nil HTTPClient falls back to http.DefaultClient in \(\*FallbackRemote\).Do, which has no timeout: set HTTPClient to a client with Timeout`
}

func remoteBareVar(req *http.Request) (*http.Response, error) {
	r := &FallbackRemote{} // want `nil HTTPClient falls back to http.DefaultClient in \(\*FallbackRemote\).Do`
	return r.Do(req)
}

// The package itself passes nil: reported at the nil.
func NewNilAPI(hc *http.Client) *FallbackAPI {
	if hc == nil {
		hc = http.DefaultClient
	}
	return &FallbackAPI{hc: hc}
}

func defaultNilAPI() *FallbackAPI {
	return NewNilAPI(nil) // want `nil client falls back to http.DefaultClient in NewNilAPI, which has no timeout: pass a client with Timeout`
}

// Through a parameter of another function: reported where nil enters.
func newNilAPIVia(hc *http.Client) *FallbackAPI { return NewNilAPI(hc) }

func defaultNilAPIVia() *FallbackAPI {
	return newNilAPIVia(nil) // want `nil client falls back to http.DefaultClient in NewNilAPI`
}

type fallbackSvc struct{ hc *http.Client }

// An unexported method whose one caller passes nil.
func (s *fallbackSvc) use(hc *http.Client) {
	if hc == nil {
		hc = http.DefaultClient
	}
	s.hc = hc
}

func (s *fallbackSvc) get(u string) (*http.Response, error) { return s.hc.Get(u) }

func newFallbackSvc() *fallbackSvc {
	s := &fallbackSvc{}
	s.use(nil) // want `nil client falls back to http.DefaultClient in \(\*fallbackSvc\).use`
	return s
}

func wrapFreshNil() *http.Client {
	return WrapFresh(nil, "retrylint") // want `nil client falls back to a new http.Client in WrapFresh`
}

// Not a nil fallback: DefaultClient replaces the parameter unconditionally,
// or on another variable's nil check.
func alwaysDefault(c *http.Client) *http.Client {
	c = http.DefaultClient // want `http.DefaultClient has no timeout`
	return c
}

func otherGuard(c *http.Client, tr http.RoundTripper) *http.Client {
	if tr == nil {
		c = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return c
}

// A function literal's parameter: its callers are not followed.
var pickClient = func(c *http.Client) *http.Client {
	if c == nil {
		c = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return c
}

type ElseAPI struct{ hc *http.Client }

func (a *ElseAPI) get(u string) (*http.Response, error) { return a.hc.Get(u) }

// GOOD: the caller's client is kept, and a client of the package's own is
// made only on the branch where the caller brought none.
func NewElseAPI(hc *http.Client) *ElseAPI {
	a := &ElseAPI{}
	if hc != nil {
		a.hc = hc
	} else {
		a.hc = &http.Client{}
	}
	return a
}

// GOOD: the same choice written as a nil test, into a field.
func NewNilBranchAPI(hc *http.Client) *ElseAPI {
	a := &ElseAPI{hc: hc}
	if hc == nil {
		a.hc = &http.Client{}
	}
	return a
}

// BAD: the package itself brings no client.
func elseAPIDefault() *ElseAPI {
	return NewElseAPI(nil) // want `nil client falls back to a new http.Client in NewElseAPI, which has no timeout: pass a client with Timeout`
}

// BAD: the client without Timeout is made on the branch where the caller's
// client is there, so every caller gets it.
func NewWrongBranchAPI(hc *http.Client) *ElseAPI {
	a := &ElseAPI{}
	if hc != nil {
		a.hc = &http.Client{Transport: hc.Transport} // want `http.Client has no Timeout`
	}
	return a
}
