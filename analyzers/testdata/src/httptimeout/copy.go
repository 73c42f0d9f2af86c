package httptimeout

import (
	"net/http"
	"time"
)

// A copy of http.DefaultClient that gets its own Timeout before anything
// uses it is a client with a Timeout.

// GOOD: the copy gets a Timeout on the next statement.
func copyWithTimeout(req *http.Request) {
	hc := *http.DefaultClient
	hc.Timeout = 10 * time.Second
	hc.Do(req)
}

// GOOD: other fields first, then the Timeout, still before any use.
func copyConfigured(tr http.RoundTripper) *http.Client {
	var hc = *http.DefaultClient
	hc.Transport = tr
	hc.Timeout, hc.CheckRedirect = time.Minute, nil
	return &hc
}

// BAD: the copy is configured but never given a Timeout.
func copyNoTimeout(tr http.RoundTripper) *http.Client {
	hc := *http.DefaultClient // want `http.DefaultClient has no timeout`
	hc.Transport = tr
	return &hc
}

// BAD: the copy is used before its Timeout is set.
func copyUsedFirst(req *http.Request) {
	hc := *http.DefaultClient // want `http.DefaultClient has no timeout`
	hc.Do(req)
	hc.Timeout = time.Second
}

// BAD: the Timeout is set only on one path.
func copyMaybeTimeout(req *http.Request, bounded bool) {
	hc := *http.DefaultClient // want `http.DefaultClient has no timeout`
	if bounded {
		hc.Timeout = time.Second
	}
	hc.Do(req)
}

// BAD: a zero Timeout is no timeout.
func copyZeroTimeout(req *http.Request) {
	hc := *http.DefaultClient // want `http.DefaultClient has no timeout`
	hc.Timeout = 0
	hc.Do(req)
}

// The nil fallback written default first: `hc := http.DefaultClient; if
// x.f != nil { hc = x.f }`.

type dohClient struct{ HC *http.Client }

// GOOD: the one construction of dohClient fills HC with a configured copy.
func newDoH() *dohClient {
	c := *http.DefaultClient
	c.Timeout = 5 * time.Second
	return &dohClient{HC: &c}
}

func (d *dohClient) do(req *http.Request) {
	hc := http.DefaultClient
	if d.HC != nil {
		hc = d.HC
	}
	hc.Do(req)
}

type bareDoH struct{ HC *http.Client }

// BAD: one literal leaves HC out, so the default runs.
func newBareDoH(hc *http.Client) []*bareDoH {
	return []*bareDoH{{HC: &http.Client{Timeout: time.Second}}, {}}
}

func (b *bareDoH) do(req *http.Request) {
	hc := http.DefaultClient // want `http.DefaultClient has no timeout`
	if b.HC != nil {
		hc = b.HC
	}
	hc.Do(req)
}

type resetDoH struct{ HC *http.Client }

func newResetDoH() *resetDoH { return &resetDoH{HC: &http.Client{Timeout: time.Second}} }

// BAD: every literal sets HC, but hc is set to the default again later.
func (r *resetDoH) do(req *http.Request, plain bool) {
	hc := http.DefaultClient // want `http.DefaultClient has no timeout`
	if r.HC != nil {
		hc = r.HC
	}
	if plain {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	hc.Do(req)
}

type copyNoTimeoutDoH struct{ HC *http.Client }

// BAD: the copy in the literal has no Timeout.
func newCopyNoTimeoutDoH() *copyNoTimeoutDoH {
	c := *http.DefaultClient // want `http.DefaultClient has no timeout`
	return &copyNoTimeoutDoH{HC: &c}
}

func (d *copyNoTimeoutDoH) do(req *http.Request) {
	hc := http.DefaultClient // want `http.DefaultClient has no timeout`
	if d.HC != nil {
		hc = d.HC
	}
	hc.Do(req)
}

// The fallback written as an accessor's return.

// Fetcher is exported with an exported client field: its builder chooses the
// client, as with `if c.HTTPClient == nil { ... }` (fallback.go).
type Fetcher struct{ HTTPClient *http.Client }

// GOOD: the caller's choice; no literal of the package leaves it out.
func (a *Fetcher) client() *http.Client {
	if a.HTTPClient != nil {
		return a.HTTPClient
	}
	return http.DefaultClient
}

func (a *Fetcher) Fetch(req *http.Request) { a.client().Do(req) }

// BAD: the package's own literal leaves HTTPClient out and calls the accessor.
func fetchBare(req *http.Request) {
	(&Fetcher{}).client().Do(req) // want `nil HTTPClient falls back to http.DefaultClient in \(\*Fetcher\)\.client, which has no timeout`
}

// Same for the default-first form on an exported field of an exported type.
type Pinger struct{ HC *http.Client }

func (p *Pinger) Ping(req *http.Request) {
	hc := http.DefaultClient
	if p.HC != nil {
		hc = p.HC
	}
	hc.Do(req)
}

type inner struct{ hcl *http.Client }

// BAD: an unexported field that nothing in the package fills.
func (c *inner) hc() *http.Client {
	if c.hcl != nil {
		return c.hcl
	}
	return http.DefaultClient // want `http.DefaultClient has no timeout`
}

type filled struct{ hcl *http.Client }

func newFilled() *filled { return &filled{hcl: &http.Client{Timeout: time.Minute}} }

// GOOD: every construction fills hcl with a client that has a Timeout.
func (c *filled) hc() *http.Client {
	if c.hcl != nil {
		return c.hcl
	}
	return http.DefaultClient
}

// BAD: the check is on another field than the one returned.
func (c *filled) mixed(other *inner) *http.Client {
	if c.hcl != nil {
		return other.hcl
	}
	return http.DefaultClient // want `http.DefaultClient has no timeout`
}
