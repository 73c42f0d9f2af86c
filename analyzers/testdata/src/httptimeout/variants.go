package httptimeout

import (
	"context"
	"net/http"
	"time"
)

// An API that offers each call twice, X() under a deadline of its own and
// XContext(ctx) for callers who bring theirs, leaves XContext's deadline to its
// caller on purpose.

type apiRequest struct {
	endpoint string
	client   *http.Client
}

// APIClient sends through apiRequest; apiRequest's exported methods are not
// reachable from another package.
type APIClient struct{ req *apiRequest }

// GOOD: every request is sent under the package's deadline or the context of
// a caller who chose the Context variant.
func NewAPIClient(endpoint string) *APIClient {
	return &APIClient{req: &apiRequest{endpoint: endpoint, client: http.DefaultClient}}
}

func withAPITimeout() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 80*time.Second)
}

func (r *apiRequest) Get(ctx context.Context, path string) (*http.Response, error) {
	return r.execute(ctx, http.MethodGet, path)
}

func (r *apiRequest) execute(ctx context.Context, method, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, r.endpoint+path, nil)
	if err != nil {
		return nil, err
	}
	client := r.client
	return client.Do(req)
}

// Health is the plain variant, under the package's deadline.
func (c *APIClient) Health() error {
	ctx, cancel := withAPITimeout()
	defer cancel()
	return c.HealthContext(ctx)
}

// HealthContext runs under the caller's context.
func (c *APIClient) HealthContext(ctx context.Context) error {
	resp, err := c.req.Get(ctx, "/health")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Version is the plain variant of VersionContext.
func (c *APIClient) Version() error {
	ctx, cancel := withAPITimeout()
	defer cancel()
	return c.VersionContext(ctx)
}

func (c *APIClient) VersionContext(ctx context.Context) error {
	resp, err := c.req.Get(ctx, "/version")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: one Context method has no plain sibling; its caller's context is
// the caller's bound.

type soloRequest struct{ client *http.Client }

type SoloClient struct{ req *soloRequest }

func NewSoloClient() *SoloClient {
	return &SoloClient{req: &soloRequest{client: http.DefaultClient}}
}

func (r *soloRequest) Get(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	hc := r.client
	return hc.Do(req)
}

func (c *SoloClient) Ping() error {
	ctx, cancel := withAPITimeout()
	defer cancel()
	return c.PingContext(ctx)
}

func (c *SoloClient) PingContext(ctx context.Context) error {
	resp, err := c.req.Get(ctx, "/ping")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *SoloClient) StatusContext(ctx context.Context) error { // no Status()
	resp, err := c.req.Get(ctx, "/status")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Look-alike: the plain sibling hands on a context without a deadline.

type bareRequest struct{ client *http.Client }

type BareClient struct{ req *bareRequest }

func NewBareClient() *BareClient {
	return &BareClient{req: &bareRequest{client: http.DefaultClient}} // want `http.DefaultClient has no timeout`
}

func (r *bareRequest) Get(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return r.client.Do(req)
}

func (c *BareClient) Ping() error { return c.PingContext(context.Background()) }

func (c *BareClient) PingContext(ctx context.Context) error {
	resp, err := c.req.Get(ctx, "/ping")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: the request type is embedded in an exported one, so its exported
// Get is promoted: another package calls it, with its own context as the bound.

type embeddedRequest struct{ client *http.Client }

type EmbeddingClient struct{ *embeddedRequest }

func NewEmbeddingClient() *EmbeddingClient {
	return &EmbeddingClient{&embeddedRequest{client: http.DefaultClient}}
}

func (r *embeddedRequest) Get(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return r.client.Do(req)
}

func (c *EmbeddingClient) Ping() error {
	ctx, cancel := withAPITimeout()
	defer cancel()
	return c.PingContext(ctx)
}

func (c *EmbeddingClient) PingContext(ctx context.Context) error {
	resp, err := c.Get(ctx, "/ping")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: the request type satisfies an interface the package uses; its
// exported Fetch is called through it with its callers' contexts.

type fetcher interface {
	Fetch(ctx context.Context, url string) (*http.Response, error)
}

type ifaceRequest struct{ client *http.Client }

type IfaceClient struct{ req fetcher }

func NewIfaceClient() *IfaceClient {
	return &IfaceClient{req: &ifaceRequest{client: http.DefaultClient}}
}

func (r *ifaceRequest) Fetch(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return r.client.Do(req)
}

func (c *IfaceClient) Ping() error {
	ctx, cancel := withAPITimeout()
	defer cancel()
	return c.PingContext(ctx)
}

func (c *IfaceClient) PingContext(ctx context.Context) error {
	if r, ok := c.req.(*ifaceRequest); ok {
		resp, err := r.Fetch(ctx, "/ping")
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return nil
}
