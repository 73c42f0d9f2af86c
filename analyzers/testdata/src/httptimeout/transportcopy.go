package httptimeout

import (
	"context"
	"net/http"
	"strings"
)

// A client built over another client's Transport keeps the connections and
// drops that client's Timeout: the new client is judged on its own.

type TrackerOptions struct {
	HC    *http.Client
	Token string
}

type keyTransport struct {
	base  http.RoundTripper
	token string
}

func (t *keyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", t.token)
	return t.base.RoundTrip(r)
}

type tracker struct {
	hc  *http.Client
	api string
}

// The configured client's Transport alone; every send uses
// context.Background().
func NewTracker(o *TrackerOptions) *tracker {
	tr := http.DefaultTransport
	if o.HC != nil && o.HC.Transport != nil {
		tr = o.HC.Transport
	}
	hc := &http.Client{Transport: &keyTransport{base: tr, token: o.Token}} // want `http.Client has no Timeout and its Do at line \d+ sends with no context that could bound it`
	return &tracker{hc: hc, api: "https://tracker.invalid/graphql"}
}

func (t *tracker) post(ctx context.Context, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.api, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := t.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (t *tracker) CreateIssue(title string) error { return t.post(context.Background(), title) }

func (t *tracker) CloseIssue(id string) error { return t.post(context.Background(), id) }

// GOOD: the same client, but the configured client's Timeout is carried over.
type timedTracker struct {
	hc  *http.Client
	api string
}

func NewTimedTracker(o *TrackerOptions) *timedTracker {
	hc := &http.Client{Transport: &keyTransport{base: o.HC.Transport, token: o.Token}, Timeout: o.HC.Timeout}
	return &timedTracker{hc: hc, api: "https://tracker.invalid/graphql"}
}

func (t *timedTracker) CreateIssue(title string) error {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, t.api, strings.NewReader(title))
	if err != nil {
		return err
	}
	resp, err := t.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
