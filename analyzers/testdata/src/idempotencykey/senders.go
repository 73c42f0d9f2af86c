package idempotencykey

// Senders: functions that hand a request (or the method it is built with)
// from their parameters to go-retryablehttp, which resends it by itself. The
// POST and PATCH requests their callers build without a key make one finding,
// at the send, naming the first caller and the count.

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type storeAPI struct {
	base string
	rc   *retryablehttp.Client
}

// newCall builds a request; its method comes from the caller.
func (a *storeAPI) newCall(ctx context.Context, method, path string, in any) (*http.Request, error) {
	var buf bytes.Buffer
	if in != nil {
		if err := json.NewEncoder(&buf).Encode(in); err != nil {
			return nil, err
		}
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, &buf)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// send resends whatever its callers build.
func (a *storeAPI) send(ctx context.Context, r *http.Request) error {
	rr, err := retryablehttp.FromRequest(r)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(rr.WithContext(ctx)) // want `go-retryablehttp resends the POST/PATCH requests that 2 callers build \(first: createItem at senders.go:\d+\) without an idempotency key: an attempt that timed out may have taken effect, and the next one applies it again`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *storeAPI) createItem(ctx context.Context, in any) error {
	r, err := a.newCall(ctx, http.MethodPost, "/items", in)
	if err != nil {
		return err
	}
	return a.send(ctx, r)
}

func (a *storeAPI) renameItem(ctx context.Context, id, name string) error {
	r, err := http.NewRequestWithContext(ctx, "PATCH", a.base+"/items/"+id, bytes.NewReader([]byte(name)))
	if err != nil {
		return err
	}
	return a.send(ctx, r)
}

// GET, PUT and DELETE are idempotent; a request with a key is recognised.
func (a *storeAPI) readItem(ctx context.Context, id string) error {
	r, err := a.newCall(ctx, http.MethodGet, "/items/"+id, nil)
	if err != nil {
		return err
	}
	return a.send(ctx, r)
}

func (a *storeAPI) replaceItem(ctx context.Context, id string, in any) error {
	r, err := a.newCall(ctx, http.MethodPut, "/items/"+id, in)
	if err != nil {
		return err
	}
	return a.send(ctx, r)
}

func (a *storeAPI) deleteItem(ctx context.Context, id string) error {
	r, err := a.newCall(ctx, http.MethodDelete, "/items/"+id, nil)
	if err != nil {
		return err
	}
	return a.send(ctx, r)
}

func (a *storeAPI) createItemOnce(ctx context.Context, in any, key string) error {
	r, err := a.newCall(ctx, http.MethodPost, "/items", in)
	if err != nil {
		return err
	}
	r.Header.Set("Idempotency-Key", key)
	return a.send(ctx, r)
}

// call takes the method itself and builds the request it sends.
func (a *storeAPI) call(ctx context.Context, method, path string, in any) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, method, a.base+path, in)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(req) // want `go-retryablehttp resends the POST requests that 1 caller builds \(first: startJob at senders.go:\d+\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *storeAPI) startJob(ctx context.Context) error {
	return a.call(ctx, http.MethodPost, "/jobs", nil)
}

func (a *storeAPI) listJobs(ctx context.Context) error {
	return a.call(ctx, http.MethodGet, "/jobs", nil)
}

// --- look-alikes: quiet -----------------------------------------------------

// sendKeyed sets the key on every request it sends.
func (a *storeAPI) sendKeyed(ctx context.Context, r *http.Request, key string) error {
	r.Header.Set("Idempotency-Key", key)
	rr, err := retryablehttp.FromRequest(r)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(rr)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *storeAPI) createKeyed(ctx context.Context, in any, key string) error {
	r, err := a.newCall(ctx, http.MethodPost, "/items", in)
	if err != nil {
		return err
	}
	return a.sendKeyed(ctx, r, key)
}

// fetch is only handed idempotent requests in the package.
func (a *storeAPI) fetch(r *http.Request) error {
	rr, err := retryablehttp.FromRequest(r)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(rr)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *storeAPI) status(ctx context.Context) error {
	r, err := a.newCall(ctx, http.MethodGet, "/status", nil)
	if err != nil {
		return err
	}
	return a.fetch(r)
}

func (a *storeAPI) purge(ctx context.Context) error {
	r, err := a.newCall(ctx, http.MethodDelete, "/cache", nil)
	if err != nil {
		return err
	}
	return a.fetch(r)
}

// Do is exported and has no caller in the package: what its callers send is
// out of reach.
func (a *storeAPI) Do(r *http.Request) error {
	rr, err := retryablehttp.FromRequest(r)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(rr)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// forward sends a request whose method is not a constant in its caller.
func (a *storeAPI) forward(ctx context.Context, r *http.Request) error {
	rr, err := retryablehttp.FromRequest(r)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(rr.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *storeAPI) relay(ctx context.Context, in *http.Request) error {
	r, err := a.newCall(ctx, in.Method, in.URL.Path, nil)
	if err != nil {
		return err
	}
	return a.forward(ctx, r)
}

// submit's only POST caller retries it in a loop of its own: that finding, at
// the loop, says it; the send is not reported again for the same call.
func (a *storeAPI) submit(ctx context.Context, r *http.Request) error {
	rr, err := retryablehttp.FromRequest(r)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(rr.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *storeAPI) submitUntilDone(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		r, err := http.NewRequestWithContext(ctx, http.MethodPost, a.base+"/orders", nil) // want `POST request sent from a retry loop without an idempotency key`
		if err != nil {
			return err
		}
		if err := a.submit(ctx, r); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return errTransient
}
