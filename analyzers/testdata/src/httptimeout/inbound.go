package httptimeout

import (
	"context"
	"io"
	"net/http"

	"example.com/webctx"
)

// A handler's outbound request built from the inbound request's context, read
// through the framework context's Request() accessor, ends when the handler's
// client goes away: the caller bounds it, as with a request field
// (c.Request.Context(), callerbound.go).

// GOOD: the framework's interface hands the inbound request.
func ForwardHandler(c webctx.Context) error {
	req, err := http.NewRequestWithContext(c.Request().Context(), http.MethodGet, "https://example.com/metrics", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	return c.String(http.StatusOK, string(body))
}

// GOOD: the framework's concrete context, and a new client whose one send
// carries the inbound context.
func ForwardConcrete(c *webctx.Ctx) error {
	hc := &http.Client{}
	req, err := http.NewRequestWithContext(c.Request().Context(), http.MethodGet, "https://example.com/metrics", nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: the inbound request itself, sent on (a reverse proxy's shape).
func PassOnHandler(c webctx.Context) error {
	resp, err := http.DefaultClient.Do(c.Request())
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// inboundHolder keeps the request its server handed it.
type inboundHolder struct {
	req *http.Request
}

func (h *inboundHolder) Request() *http.Request { return h.req }

// GOOD: a Request() accessor of the package that returns a request it was
// handed.
func (h *inboundHolder) Forward() error {
	req, err := http.NewRequestWithContext(h.Request().Context(), http.MethodGet, "https://example.com/metrics", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// requestTemplate builds its request itself, with no context.
type requestTemplate struct {
	url string
}

func (t *requestTemplate) Request() *http.Request {
	req, _ := http.NewRequest(http.MethodGet, t.url, nil)
	return req
}

// BAD: a Request() accessor of the package that builds a request without a
// context: its Context() is context.Background(), which nothing ends.
func (t *requestTemplate) Send() error {
	req, err := http.NewRequestWithContext(t.Request().Context(), http.MethodGet, t.url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD: a handler that has the inbound request in reach but sends without it.
func DetachedHandler(c webctx.Context) error {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, "https://example.com/metrics", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BAD: a handler's own client sends with http.Get, which takes no context.
func GetHandler(c webctx.Context) error {
	hc := &http.Client{} // want `http.Client has no Timeout and its Get at line 119 sends with no context`
	resp, err := hc.Get("https://example.com/metrics")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
