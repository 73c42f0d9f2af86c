package idempotencykey

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// --- the next attempt is not the same attempt ----------------------------------

// postTo sends one POST to one host.
func postTo(ctx context.Context, client *http.Client, host, body string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, host+"/query", strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Each host is asked once, through a helper: a failover, not a retry.
func firstHostAnswering(ctx context.Context, client *http.Client, hosts []string, body string) ([]byte, error) {
	for _, host := range hosts {
		if b, err := postTo(ctx, client, host, body); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("no host answered")
}

// The same host again, through the same helper: a retry.
func sameHostAgain(ctx context.Context, client *http.Client, host, body string) ([]byte, error) {
	for i := 0; i < 3; i++ {
		if b, err := postTo(ctx, client, host, body); err == nil { // want `POST request sent by postTo from a retry loop without an idempotency key`
			return b, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("failed")
}

type soapFault struct {
	Code int `xml:"errorCode"`
}

// addMapping asks once more with lease 0 when the gateway refuses leases: the
// constant 0 fails the guard lease > 0, so the second call cannot call again,
// and it sends another body. A fallback, not a retry.
func addMapping(ctx context.Context, client *http.Client, port int, lease time.Duration) error {
	body := fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://gw/ctl", strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil && lease > 0 {
		var f soapFault
		if resp != nil && xml.NewDecoder(resp.Body).Decode(&f) == nil && f.Code == 725 {
			return addMapping(ctx, client, port, 0)
		}
	}
	return err
}

// The constant keeps the guard true: the call may call again, the same body.
func addMappingAgain(ctx context.Context, client *http.Client, port int, lease time.Duration) error {
	body := fmt.Sprintf("<add port=%d lease=%d/>", port, lease/time.Second)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://gw/ctl", strings.NewReader(body)) // want `POST request sent from a recursive retry without an idempotency key`
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil && lease > 0 {
		resp.Body.Close()
		return addMappingAgain(ctx, client, port, 60*time.Second)
	}
	return err
}

// A flag that fails the guard, but the request does not read it: the same
// POST once more.
func postOnceMore(ctx context.Context, client *http.Client, body string, retried bool) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://api/orders", strings.NewReader(body)) // want `POST request sent from a recursive retry without an idempotency key`
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil && !retried {
		return postOnceMore(ctx, client, body, true)
	}
	if err == nil {
		resp.Body.Close()
	}
	return err
}

type hook struct {
	mu       sync.Mutex
	client   *http.Client
	endpoint string
	cached   string
}

func (h *hook) setCached(u string) {
	h.mu.Lock()
	h.cached = u
	h.mu.Unlock()
}

func (h *hook) resetClient() {
	h.client = &http.Client{}
}

// After a failure at the cached target the cache is dropped, and the call
// goes to the configured endpoint: a failover to another target.
func (h *hook) send(msg []byte, depth int) error {
	h.mu.Lock()
	target, cached := h.cached, h.cached != ""
	if target == "" {
		target = h.endpoint
	}
	h.mu.Unlock()
	req, err := http.NewRequest(http.MethodPost, target, bytes.NewReader(msg))
	if err != nil {
		return err
	}
	resp, err := h.client.Do(req)
	if err != nil {
		if cached && depth == 0 {
			h.setCached("")
			return h.send(msg, depth+1)
		}
		return err
	}
	return resp.Body.Close()
}

// A new client is no new target: the same POST again.
func (h *hook) sendAgain(msg []byte, depth int) error {
	req, err := http.NewRequest(http.MethodPost, h.endpoint, bytes.NewReader(msg)) // want `POST request sent from a recursive retry without an idempotency key`
	if err != nil {
		return err
	}
	resp, err := h.client.Do(req)
	if err != nil && depth < 3 {
		h.resetClient()
		return h.sendAgain(msg, depth+1)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Each host is asked once, inline: a failover.
func firstHostInline(ctx context.Context, client *http.Client, hosts []string, body string) error {
	for _, host := range hosts {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, host+"/query", strings.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
	}
	return errors.New("no host answered")
}
