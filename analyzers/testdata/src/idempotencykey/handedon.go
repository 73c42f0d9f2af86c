package idempotencykey

import (
	"bytes"
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/hashicorp/go-retryablehttp"

	"example.com/reqhook"
)

// A request handed, before the send, to code out of reach that takes it as a
// request or a header may get the key there: an option's request modifier (a
// func value), a signer behind an interface, another package's function.

type postOpts struct {
	modify func(*retryablehttp.Request)
	header func(http.Header)
	trace  func(any)
}

func postWithModifier(ctx context.Context, rc *retryablehttp.Client, u string, body []byte, o postOpts) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if o.modify != nil {
		o.modify(req) // may set any header, or another method
	}
	resp, err := rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func postWithHeaderHook(ctx context.Context, rc *retryablehttp.Client, u string, body []byte, o postOpts) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, body)
	if err != nil {
		return err
	}
	o.header(req.Header)
	resp, err := rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type requestSigner interface {
	Sign(r *http.Request) error
}

func postSigned(ctx context.Context, hc *http.Client, s requestSigner, u string, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		if err := s.Sign(req); err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(5))
}

func postLibSigned(ctx context.Context, hc *http.Client, u, secret string, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		reqhook.Sign(req, secret)
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(5))
}

// The same through a function of the package that hands its parameter on.
func applyModifier(req *retryablehttp.Request, o postOpts) {
	if o.modify != nil {
		o.modify(req)
	}
}

func postViaApply(ctx context.Context, rc *retryablehttp.Client, u string, body []byte, o postOpts) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, body)
	if err != nil {
		return err
	}
	applyModifier(req, o)
	resp, err := rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Look-alikes that stay reported: the request goes only to code that reads
// it — a logger taking ...any, a func value taking any, the standard
// library — or is handed on after the send.

func postLogged(ctx context.Context, rc *retryablehttp.Client, u string, body []byte, o postOpts) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, body)
	if err != nil {
		return err
	}
	reqhook.Debug("sending", "request", req, "header", req.Header)
	o.trace(req)
	_ = req.Header.Clone()
	resp, err := rc.Do(req) // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func postObserved(ctx context.Context, hc *http.Client, u string, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		reqhook.Observe(req, resp)
		return resp.Body.Close()
	}, retry.Attempts(5))
}

// A sender of the package that hands the request to a hook after sending it:
// its callers' POSTs stay reported.
type hookedAPI struct {
	rc     *retryablehttp.Client
	onDone func(*http.Request, *http.Response)
}

func (a *hookedAPI) send(ctx context.Context, r *http.Request) error {
	rr, err := retryablehttp.FromRequest(r)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(rr.WithContext(ctx)) // want `go-retryablehttp resends the POST requests that 1 caller builds \(first: createThing at handedon.go:\d+\) without an idempotency key`
	if a.onDone != nil {
		a.onDone(r, resp)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *hookedAPI) createThing(ctx context.Context, u string, body []byte) error {
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return err
	}
	return a.send(ctx, r)
}
