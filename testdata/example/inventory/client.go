// Package inventory is the client of the inventory service, which holds stock
// levels and reservations. Every call here is idempotent (PUT, GET, DELETE).
package inventory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// ErrOutOfStock means the inventory service cannot reserve the quantity.
var ErrOutOfStock = errors.New("inventory: out of stock")

// Client is an inventory service client.
type Client struct {
	http    *http.Client
	baseURL string
}

// NewClient returns a client for the inventory service at baseURL.
func NewClient(hc *http.Client, baseURL string) *Client {
	return &Client{http: hc, baseURL: baseURL}
}

// send sends req and decodes a JSON answer into out (when not nil). Network errors,
// 429 and 5xx are retried; 409 is ErrOutOfStock; other failures are permanent.
func (c *Client) send(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusConflict:
		return backoff.Permanent(ErrOutOfStock)
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return fmt.Errorf("inventory: %s %s: %s", req.Method, req.URL.Path, resp.Status)
	case resp.StatusCode >= 300:
		return backoff.Permanent(fmt.Errorf("inventory: %s %s: %s", req.Method, req.URL.Path, resp.Status))
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Reserve holds qty units of sku for an order. Reserving again for the same order
// and SKU replaces the earlier reservation.
func (c *Client) Reserve(ctx context.Context, orderID, sku string, qty int) error {
	body, err := json.Marshal(map[string]int{"quantity": qty})
	if err != nil {
		return err
	}
	u := c.baseURL + "/v1/reservations/" + url.PathEscape(orderID) + "/" + url.PathEscape(sku)
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(20 * time.Second)) // GOOD: fixedsleep, nojitter

	return backoff.Retry(func() error { // GOOD: retryall, sleepnoctx, unboundedretry
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, bytes.NewReader(body)) // GOOD: idempotencykey
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		return c.send(req, nil)
	}, backoff.WithContext(b, ctx))
}

// Release drops every reservation of an order.
func (c *Client) Release(ctx context.Context, orderID string) error {
	u := c.baseURL + "/v1/reservations/" + url.PathEscape(orderID)
	return backoff.Retry(func() error { // BAD: sleepnoctx
		req, err := http.NewRequestWithContext(ctx, http.MethodDelete, u, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		return c.send(req, nil)
	}, backoff.NewExponentialBackOff())
}

// Level is the stock of a SKU.
type Level struct {
	SKU       string `json:"sku"`
	Available int    `json:"available"`
	Reserved  int    `json:"reserved"`
}

// Level reads the stock level of sku.
func (c *Client) Level(ctx context.Context, sku string) (*Level, error) {
	u := c.baseURL + "/v1/stock/" + url.PathEscape(sku)
	b := backoff.WithContext(backoff.WithMaxRetries(backoff.NewConstantBackOff(500*time.Millisecond), 4), ctx)
	return backoff.RetryWithData(func() (*Level, error) { // BAD: fixedsleep
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, backoff.Permanent(err)
		}
		var l Level
		if err := c.send(req, &l); err != nil {
			return nil, err
		}
		return &l, nil
	}, b)
}

// SetLevel sets the stock of sku after a stock count.
func (c *Client) SetLevel(ctx context.Context, sku string, available int) error {
	body, err := json.Marshal(map[string]int{"available": available})
	if err != nil {
		return err
	}
	u := c.baseURL + "/v1/stock/" + url.PathEscape(sku)
	b := &backoff.ExponentialBackOff{
		InitialInterval:     200 * time.Millisecond,
		RandomizationFactor: 0,
		Multiplier:          2,
		MaxInterval:         5 * time.Second,
		MaxElapsedTime:      time.Minute,
		Stop:                backoff.Stop,
		Clock:               backoff.SystemClock,
	}
	return backoff.RetryNotify(func() error { // BAD: nojitter
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		return c.send(req, nil)
	}, backoff.WithContext(b, ctx), func(err error, wait time.Duration) {
		fmt.Printf("inventory: set level of %s: %v; retrying in %s\n", sku, err, wait)
	})
}
