package httptimeout

import (
	"context"
	"net/http"
	"time"
)

// A struct literal may set its fields by position: `&T{http.DefaultClient,
// base}` stores the client in T's first field exactly as `&T{hc:
// http.DefaultClient, base: base}` does, and is followed the same way.

type posAPI struct {
	hc   *http.Client
	base string
}

// GOOD: the unexported field's one send carries the caller's context.
func NewPosAPI(base string) *posAPI { return &posAPI{http.DefaultClient, base} }

func (a *posAPI) SetClient(h *http.Client) { a.hc = h }

func (a *posAPI) Item(ctx context.Context, id string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.base+"/"+id, nil)
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}

type posChecker struct {
	hc  *http.Client
	url string
}

// GOOD: a client of its own, positional, whose one send has a deadline.
func newPosChecker(u string) *posChecker { return &posChecker{&http.Client{}, u} }

func (c *posChecker) check() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, c.url, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: a local client put in that field by position.
func newPosCheckerVar(u string) *posChecker {
	hc := &http.Client{}
	return &posChecker{hc, u}
}

// Look-alikes that stay reported.

type posLoose struct {
	hc   *http.Client
	base string
}

// The field also sends with Get: no context at all.
func NewPosLoose(base string) *posLoose { return &posLoose{http.DefaultClient, base} } // want `http.DefaultClient has no timeout and its Get at line \d+ sends with no context`

func (l *posLoose) Item(ctx context.Context, id string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.base+"/"+id, nil)
	if err != nil {
		return nil, err
	}
	return l.hc.Do(req)
}

func (l *posLoose) Raw(id string) (*http.Response, error) { return l.hc.Get(l.base + "/" + id) }

// An exported field of an exported struct: other packages may send through it,
// and the package's own send builds its request with no context.
type PosPublic struct {
	Base string
	HC   *http.Client
}

func NewPosPublic(base string) *PosPublic {
	return &PosPublic{base, &http.Client{}} // want `http.Client has no Timeout`
}

func (p *PosPublic) Item(id string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, p.Base+"/"+id, nil)
	if err != nil {
		return nil, err
	}
	return p.HC.Do(req)
}

// A slice literal stores no field.
func posPool() []*http.Client {
	return []*http.Client{http.DefaultClient} // want `http.DefaultClient has no timeout`
}
