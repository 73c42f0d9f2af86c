// Package idempotencykey holds the idempotencykey rule's cases.
package idempotencykey

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

var errTransient = errors.New("transient")

// --- missing key ------------------------------------------------------------

func loopNoKey(ctx context.Context, client *http.Client, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", bytes.NewReader(body)) // want `POST request sent from a retry loop without an idempotency key: an attempt that timed out may have taken effect, and the next one applies it again; set an Idempotency-Key header from a key made once before the retry`
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return errTransient
}

func callbackPost(client *http.Client) error {
	return retry.Do(func() error {
		resp, err := client.Post("https://pay.example/charges", "application/json", strings.NewReader("{}")) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(3))
}

func patchNoKey(ctx context.Context, client *http.Client) error {
	return retry.Do(func() error {
		req, err := http.NewRequest("PATCH", "https://api.example/orders/1", nil) // want `PATCH request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		resp, err := client.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func recursivePost(form url.Values, tries int) error {
	resp, err := http.PostForm("https://api.example/signup", form) // want `POST request sent from a recursive retry without an idempotency key`
	if err != nil && tries > 0 {
		return recursivePost(form, tries-1)
	}
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// A helper of the package that sends counts at the call the retry makes.
func createOrder(ctx context.Context, client *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://shop.example/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retriedHelper(ctx context.Context, client *http.Client, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = createOrder(ctx, client, body); err == nil { // want `POST request sent by createOrder from a retry loop without an idempotency key`
			return nil
		}
	}
	return err
}

// A generic sender whose method is a parameter.
type api struct{ hc *http.Client }

func (a *api) do(ctx context.Context, method, path string) error {
	req, err := http.NewRequestWithContext(ctx, method, "https://api.example"+path, nil)
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *api) refund(ctx context.Context) error {
	return retry.Do(func() error {
		return a.do(ctx, http.MethodPost, "/refunds") // want `POST request sent by do from a retry callback without an idempotency key`
	})
}

// A self-retrying client retries by itself.
func retryablePost(body []byte) error {
	client := retryablehttp.NewClient()
	resp, err := client.Post("https://pay.example/charges", "application/json", body) // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retryableRequest(ctx context.Context, client *retryablehttp.Client, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", body)
	if err != nil {
		return err
	}
	resp, err := client.Do(req) // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- key made per attempt ---------------------------------------------------

func freshKeyInLoop(ctx context.Context, client *http.Client) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `POST request sent from a retry loop gets a new idempotency key on every attempt \(uuid.NewString\), so the server cannot recognise the repeat; make the key once before the retry and reuse it`
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errTransient
}

func freshKeyVar(ctx context.Context, client *http.Client) error {
	return retry.Do(func() error {
		key := uuid.New().String() // want `PATCH request sent from a retry callback gets a new idempotency key on every attempt \(uuid.New\)`
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://api.example/orders/1", nil)
		if err != nil {
			return err
		}
		req.Header["Idempotency-Key"] = []string{key}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func setKey(req *http.Request, key string) {
	req.Header.Set("idempotency-key", key)
}

func freshKeyToHelper(ctx context.Context, client *http.Client) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		setKey(req, fmt.Sprintf("charge-%s", uuid.NewString())) // want `gets a new idempotency key on every attempt \(uuid.NewString\)`
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func stampKey(req *http.Request) {
	req.Header.Set("X-Idempotency-Key", uuid.NewString())
}

func freshKeyInsideHelper(ctx context.Context, client *http.Client) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		stampKey(req) // want `gets a new idempotency key on every attempt \(uuid.NewString\)`
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func chargeWithKey(ctx context.Context, client *http.Client) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retriedKeyMaker(ctx context.Context, client *http.Client) error {
	return retry.Do(func() error {
		return chargeWithKey(ctx, client) // want `POST request sent by chargeWithKey from a retry callback gets a new idempotency key on every attempt \(uuid.NewString\)`
	})
}

// --- must not report ------------------------------------------------------

// The fix: one key per logical operation, made before the retry.
func stableKey(ctx context.Context, client *http.Client, body []byte) error {
	key := uuid.NewString()
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errTransient
}

func stableKeyToHelper(ctx context.Context, client *http.Client, key string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		setKey(req, key)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A request built before the retry, with its key.
func builtBefore(ctx context.Context, client *http.Client) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return retry.Do(func() error {
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Idempotent methods.
func idempotentMethods(ctx context.Context, client *http.Client) error {
	for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
		_ = m
	}
	return retry.Do(func() error {
		for _, method := range []string{http.MethodPut, http.MethodDelete} {
			req, err := http.NewRequestWithContext(ctx, method, "https://api.example/orders/1", nil)
			if err != nil {
				return err
			}
			if _, err := client.Do(req); err != nil {
				return err
			}
		}
		put, _ := http.NewRequest(http.MethodPut, "https://api.example/orders/1", nil)
		if _, err := client.Do(put); err != nil {
			return err
		}
		resp, err := client.Get("https://api.example/orders/1")
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A method that is not a constant is not guessed.
func unknownMethod(ctx context.Context, client *http.Client, method string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, method, "https://api.example/x", nil)
		if err != nil {
			return err
		}
		_, err = client.Do(req)
		return err
	})
}

// A POST that is not retried.
func once(client *http.Client) error {
	resp, err := client.Post("https://api.example/events", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A periodic worker posts every minute whatever happens: not a retry.
func heartbeat(ctx context.Context, client *http.Client) {
	for {
		if resp, err := client.Post("https://api.example/heartbeat", "text/plain", nil); err == nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
	}
}

// go-retryablehttp with the key set, or with its retries turned off.
func retryableWithKey(ctx context.Context, client *retryablehttp.Client, key string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retryableOff() error {
	client := retryablehttp.NewClient()
	client.RetryMax = 0
	resp, err := client.Post("https://api.example/events", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retryableGet() error {
	resp, err := retryablehttp.Get("https://api.example/status")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The request is built in the retry and sent by a helper of the package.
type payClient struct {
	hc   *http.Client
	base string
}

func (c *payClient) send(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *payClient) refund(ctx context.Context) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/refunds", nil) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		return c.send(req)
	})
}

func (c *payClient) charge(ctx context.Context) error {
	key := uuid.NewString()
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/charges", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		return c.send(req)
	})
}

func (c *payClient) capture(ctx context.Context) error {
	return retry.Do(func() error {
		key := uuid.NewString() // want `POST request sent from a retry callback gets a new idempotency key on every attempt`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/capture", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		return c.send(req)
	})
}

// A classified retry still repeats the POST.
func classified(ctx context.Context, client *http.Client) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = client.Post("https://pay.example/charges", "application/json", nil) // want `POST request sent from a retry loop without an idempotency key`
		if err == nil {
			return resp.Body.Close()
		}
		if errors.Is(err, context.Canceled) {
			return err
		}
	}
	return err
}

// A closure stored for later does not run in the retry.
func storedHook(client *http.Client, hooks *[]func()) error {
	return retry.Do(func() error {
		*hooks = append(*hooks, func() { _, _ = client.Post("https://api.example/after", "text/plain", nil) })
		return nil
	})
}

// A request handed back to the caller is not sent here.
func buildRequest(ctx context.Context, url string) (*http.Request, error) {
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ {
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if err == nil {
			return req, nil
		}
	}
	return nil, err
}

// A POST on the success path, after the retried attempt succeeded, is sent once.
func afterSuccess(client *http.Client, fetch func() (string, error)) error {
	for i := 0; i < 3; i++ {
		token, err := fetch()
		if err != nil {
			continue
		}
		resp, perr := client.Post("https://api.example/orders?token="+token, "application/json", nil)
		if perr != nil {
			return perr
		}
		return resp.Body.Close()
	}
	return errTransient
}

// Headers whose names are not constants may carry the key: not guessed.
func headerFromConfig(ctx context.Context, client *http.Client, name, key string, extra http.Header) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		req.Header.Set(name, key)
		_, err = client.Do(req)
		return err
	})
}

func headerMap(ctx context.Context, client *http.Client, extra http.Header) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		req.Header = extra.Clone()
		_, err = client.Do(req)
		return err
	})
}

// Other constant headers are no key.
func otherHeaders(ctx context.Context, client *http.Client) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		req.Header = http.Header{"Content-Type": {"application/json"}}
		req.Header.Set("Authorization", "Bearer x")
		_, err = client.Do(req)
		return err
	})
}
