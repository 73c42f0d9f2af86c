package httptimeout

import (
	"cmp"
	"context"
	"net/http"
	"sync/atomic"
	"time"
)

// A client whose every request in reach carries its caller's context is the
// caller's to bound: an SDK's replaceable default, a pooled client for long
// transfers, a handler's proxy. A total Timeout would cut long bodies there.

// GOOD: an SDK defaults to http.DefaultClient, replaceable and readable
// through accessors; each call copies it into a request struct of the
// package whose send builds the request from the exported method's ctx.
type sdkClient struct {
	base string
	hc   *http.Client
}

func NewSDKClient(base string) *sdkClient { return &sdkClient{base: base, hc: http.DefaultClient} }

func (s *sdkClient) SetHTTPClient(h *http.Client) { s.hc = h }

func (s *sdkClient) HTTPClient() *http.Client { return s.hc }

type sdkCall struct {
	URL    string
	Client *http.Client
}

func newSDKCall(u string) *sdkCall { return &sdkCall{URL: u, Client: http.DefaultClient} }

func (r *sdkCall) setClient(h *http.Client) { r.Client = h }

func (r *sdkCall) build(ctx context.Context, method string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, r.URL, nil)
}

func (r *sdkCall) do(ctx context.Context, method string) (*http.Response, error) {
	req, err := r.build(ctx, method)
	if err != nil {
		return nil, err
	}
	return r.Client.Do(req)
}

func (s *sdkClient) Fetch(ctx context.Context, id string) error {
	r := newSDKCall(s.base + "/" + id)
	r.setClient(s.HTTPClient())
	_, err := r.do(ctx, http.MethodGet)
	return err
}

func (s *sdkClient) FetchNoRedirect(ctx context.Context, id string) error {
	hc := s.HTTPClient()
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	r := newSDKCall(s.base + "/" + id)
	r.setClient(s.hc)
	_, err := r.do(ctx, http.MethodGet)
	return err
}

// The same SDK shape, but its send builds the request without a context.
type plainSDK struct{ hc *http.Client }

func NewPlainSDK() *plainSDK { return &plainSDK{hc: http.DefaultClient} } // want `http.DefaultClient has no timeout and its Do`

func (p *plainSDK) Get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return p.hc.Do(req)
}

// GOOD: a pooled client is the default of an option, kept in a field of the
// package's struct whose sends carry the caller's context.
var pooledClient = &http.Client{Transport: &http.Transport{MaxIdleConns: 10}}

var pooledOrClient = &http.Client{Transport: &http.Transport{MaxIdleConns: 10}}

type TransferOptions struct {
	Client *http.Client
	URL    string
}

type transferer struct {
	client *http.Client
	url    string
}

func Transfer(ctx context.Context, opts TransferOptions) error {
	client := opts.Client
	if client == nil {
		client = pooledClient
	}
	t := &transferer{client: client, url: opts.URL}
	return t.fetch(ctx)
}

func TransferOr(ctx context.Context, opts TransferOptions) error {
	t := &transferer{client: cmp.Or(opts.Client, pooledOrClient), url: opts.URL}
	return t.fetch(ctx)
}

func (t *transferer) fetch(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.url, nil)
	_, err := t.client.Do(req)
	return err
}

// The pooled default of a struct that sends without a context.
var pooledPlain = &http.Client{Transport: &http.Transport{MaxIdleConns: 10}} // want `http.Client has no Timeout`

type plainTransferer struct{ client *http.Client }

func PlainTransfer(opts TransferOptions) error {
	t := &plainTransferer{client: cmp.Or(opts.Client, pooledPlain)}
	_, err := t.client.Get(opts.URL)
	return err
}

// frameworkCtx is a web framework's request context: a context.Context by
// its own methods, whose Done is nil.
type frameworkCtx struct {
	Request *http.Request
}

func (f *frameworkCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (f *frameworkCtx) Done() <-chan struct{}       { return nil }
func (f *frameworkCtx) Err() error                  { return nil }
func (f *frameworkCtx) Value(key any) any           { return nil }

// GOOD: a handler's proxy sends with the incoming request's context, read
// from the framework's context.
func ProxyHandler(c *frameworkCtx) {
	out, _ := http.NewRequestWithContext(c.Request.Context(), http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Do(out)
}

// The framework's context itself, passed as the request's context, is never
// done.
func FrameworkHandler(c *frameworkCtx) {
	_, _ = fetchWith(c, "https://example.com")
}

func fetchWith(ctx context.Context, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	hc := &http.Client{CheckRedirect: nil} // want `http.Client has no Timeout and its Do`
	return hc.Do(req)
}

// embeddedCtx hands Done to the context it embeds.
type embeddedCtx struct {
	context.Context
	user string
}

// GOOD: a context of the program's own type that wraps the caller's.
func EmbeddedHandler(ctx context.Context, user string) {
	_, _ = fetchWrapped(&embeddedCtx{Context: ctx, user: user}, "https://example.com")
}

func fetchWrapped(ctx context.Context, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	hc := &http.Client{CheckRedirect: nil}
	return hc.Do(req)
}

// A caller passes context.Background() to the helper.
func backgroundCaller() {
	_, _ = fetchFromBackground(context.Background(), "https://example.com")
}

func fetchFromBackground(ctx context.Context, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	hc := &http.Client{CheckRedirect: nil} // want `http.Client has no Timeout and its Do`
	return hc.Do(req)
}

// GOOD: a background job started with context.Background() replaces its
// context with one whose cancel it keeps in a field that its last release
// calls: the owner ends it.
type blobJob struct {
	context.CancelFunc
	refs atomic.Int32
	url  string
}

func startJob(j *blobJob) {
	go j.Run(context.Background())
}

func (j *blobJob) Run(ctx context.Context) {
	ctx, j.CancelFunc = context.WithCancel(ctx)
	_, _ = fetchJobPart(ctx, j.url)
}

func (j *blobJob) release() {
	if j.refs.Add(-1) == 0 {
		j.CancelFunc()
	}
}

func fetchJobPart(ctx context.Context, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	hc := &http.Client{CheckRedirect: nil}
	return hc.Do(req)
}

// The same job whose cancel only a defer calls: nothing ends it before.
type deferJob struct{ url string }

func startDeferJob(j *deferJob) {
	go j.Run(context.Background())
}

func (j *deferJob) Run(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, _ = fetchDeferPart(ctx, j.url)
}

func fetchDeferPart(ctx context.Context, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	hc := &http.Client{CheckRedirect: nil} // want `http.Client has no Timeout and its Do`
	return hc.Do(req)
}
