package httptimeout

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Clients kept in unexported fields are followed through the package: when
// every request sent through the field carries a deadline, the client needs
// no Timeout of its own.

type checker struct {
	hc      *http.Client
	timeout time.Duration
}

// GOOD: the field's one use builds its request with context.WithTimeout.
func newChecker(t time.Duration) *checker { return &checker{hc: &http.Client{}, timeout: t} }

func (c *checker) check(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
	if err != nil {
		return err
	}
	if c.hc == nil {
		return nil
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type healthAPI struct{ hc *http.Client }

// GOOD: DefaultClient in the field; the deadline comes from a helper of the
// package, or from the only caller of an unexported method.
func newHealthAPI() *healthAPI { return &healthAPI{hc: http.DefaultClient} }

func fieldCtxDefault() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 80*time.Second)
}

func (a *healthAPI) health(u string) error {
	ctx, cancel := fieldCtxDefault()
	defer cancel()
	return a.healthContext(ctx, u)
}

func (a *healthAPI) healthContext(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Look-alikes that stay reported.

type looseAPI struct{ hc *http.Client }

// One use of the field sends with Get: no context at all.
func newLooseAPI() *looseAPI { return &looseAPI{hc: &http.Client{}} } // want `http.Client has no Timeout`

func (l *looseAPI) fetch(u string) (*http.Response, error) { return l.hc.Get(u) }

func (l *looseAPI) check(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	_, err := l.hc.Do(req)
	return err
}

type exportedAPI struct{ HC *http.Client }

// GOOD: the field is exported and the struct handed out. The package's own
// send carries a deadline; another package that sends through the field got
// the client as the caller of a function returning one does, and sets its
// deadline.
func NewExportedAPI() *exportedAPI { return &exportedAPI{HC: &http.Client{}} }

func (a *exportedAPI) check(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	_, err := a.HC.Do(req)
	return err
}

type publicCtxAPI struct{ hc *http.Client }

// GOOD: HealthContext takes its caller's context, but the package offers the
// bounded Health beside it: a caller of HealthContext chose to bring its own
// deadline (variants.go has the look-alikes that stay reported).
func newPublicCtxAPI() *publicCtxAPI { return &publicCtxAPI{hc: http.DefaultClient} }

func (a *publicCtxAPI) Health() error {
	ctx, cancel := fieldCtxDefault()
	defer cancel()
	return a.HealthContext(ctx)
}

func (a *publicCtxAPI) HealthContext(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://h/health", nil)
	_, err := a.hc.Do(req)
	return err
}

type leakyAPI struct{ hc *http.Client }

// The field's client is handed out.
func newLeakyAPI() *leakyAPI { return &leakyAPI{hc: &http.Client{}} } // want `http.Client has no Timeout`

func (l *leakyAPI) client() *http.Client { return l.hc }

// N5: a nil fallback to http.DefaultClient behind constructors that always set
// a client with a Timeout never runs.

type fallbackAPI struct{ HC *http.Client }

func newFallbackAPI(t time.Duration) *fallbackAPI {
	return &fallbackAPI{HC: &http.Client{Timeout: t}}
}

// GOOD: the only construction sets a client with a Timeout.
func (a *fallbackAPI) do(req *http.Request) (*http.Response, error) {
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}

type fallbackField struct{ client *http.Client }

func newFallbackField() *fallbackField {
	return &fallbackField{client: &http.Client{Timeout: time.Minute}}
}

// GOOD: the same, with the field itself as the fallback target.
func (f *fallbackField) do(req *http.Request) (*http.Response, error) {
	if f.client == nil {
		f.client = http.DefaultClient
	}
	return f.client.Do(req)
}

type bareAPI struct{ HC *http.Client }

// Nothing ever sets HC.
func newBareAPI() *bareAPI { return &bareAPI{} }

func (b *bareAPI) do(req *http.Request) (*http.Response, error) {
	hc := b.HC
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}

type mixedAPI struct{ HC *http.Client }

// One construction sets a client without a Timeout.
func newMixedAPI(t time.Duration) *mixedAPI { return &mixedAPI{HC: &http.Client{Timeout: t}} }

// GOOD: the package sends only its caller's requests with the field.
func NewMixedAPIBare() *mixedAPI { return &mixedAPI{HC: &http.Client{}} }

func (m *mixedAPI) do(req *http.Request) (*http.Response, error) {
	hc := m.HC
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}

type zeroAPI struct{ HC *http.Client }

func newZeroAPI(t time.Duration) *zeroAPI { return &zeroAPI{HC: &http.Client{Timeout: t}} }

// The package also builds a zero zeroAPI.
func zeroValue() *zeroAPI { return new(zeroAPI) }

func (z *zeroAPI) do(req *http.Request) (*http.Response, error) {
	hc := z.HC
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}

// N5, set a few statements on: the constructor builds the struct without the
// field and sets it, before anything else sees the struct, from a variable
// that holds a client with a Timeout.

type laterAPI struct {
	name string
	HC   *http.Client
}

func newLaterAPI(t time.Duration, tr http.RoundTripper) (*laterAPI, error) {
	a := &laterAPI{name: "later"}
	hc := &http.Client{Timeout: t}
	if tr == nil {
		return nil, errors.New("no transport")
	}
	hc.Transport = tr
	a.HC = hc
	return a, nil
}

// GOOD: the only construction sets HC before handing the struct out.
func (a *laterAPI) do(req *http.Request) (*http.Response, error) {
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}

type laterSeenAPI struct{ HC *http.Client }

var registry []*laterSeenAPI

// The struct is handed out before its field is set.
func newLaterSeenAPI(t time.Duration) *laterSeenAPI {
	a := &laterSeenAPI{}
	registry = append(registry, a)
	hc := &http.Client{Timeout: t}
	a.HC = hc
	return a
}

func (a *laterSeenAPI) do(req *http.Request) (*http.Response, error) {
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}

type laterMaybeAPI struct{ HC *http.Client }

// The field is set on one path only.
func newLaterMaybeAPI(t time.Duration) *laterMaybeAPI {
	a := &laterMaybeAPI{}
	if t > 0 {
		a.HC = &http.Client{Timeout: t}
	}
	return a
}

func (a *laterMaybeAPI) do(req *http.Request) (*http.Response, error) {
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}

type laterZeroAPI struct{ HC *http.Client }

// The variable's client loses its Timeout before it is stored.
func newLaterZeroAPI(t time.Duration) *laterZeroAPI {
	a := &laterZeroAPI{}
	hc := &http.Client{Timeout: t}
	hc.Timeout = 0
	a.HC = hc
	return a
}

func (a *laterZeroAPI) do(req *http.Request) (*http.Response, error) {
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}

// A client kept in a field that is only configured, compared and closed
// sends nothing: no Timeout needed.
type idleKeeper struct{ hc *http.Client }

func (k *idleKeeper) start(insecure bool) {
	if k.hc == nil {
		k.hc = &http.Client{}
		if insecure {
			k.hc.Transport = &http.Transport{}
		}
	}
}

func (k *idleKeeper) stop() {
	if k.hc != nil {
		k.hc.CloseIdleConnections()
		k.hc = nil
	}
}

// The same field, but one method sends with it.
type sendingKeeper struct{ hc *http.Client }

func (k *sendingKeeper) start() {
	if k.hc == nil {
		k.hc = &http.Client{} // want `http.Client has no Timeout`
	}
}

func (k *sendingKeeper) stop() { k.hc.CloseIdleConnections() }

func (k *sendingKeeper) fetch(u string) (*http.Response, error) { return k.hc.Get(u) }

type exportedGetAPI struct{ HC *http.Client }

func NewExportedGetAPI() *exportedGetAPI { return &exportedGetAPI{HC: &http.Client{}} } // want `http.Client has no Timeout`

// The package's own send has no context: reported, exported field or not.
func (a *exportedGetAPI) check(u string) error {
	_, err := a.HC.Get(u)
	return err
}
