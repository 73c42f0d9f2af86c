// Package payments talks to the payment gateway. Every state-changing call carries
// an Idempotency-Key so that the gateway applies it once however often it is sent.
package payments

import (
	"encoding/json"
	"fmt"
	"net/http"

	"example.com/shop/internal/retryx"
)

const idempotencyHeader = "Idempotency-Key"

// Client is a payment gateway client.
type Client struct {
	http    *http.Client
	baseURL string
}

// NewClient returns a client for the gateway at baseURL that sends with hc.
func NewClient(hc *http.Client, baseURL string) *Client {
	return &Client{http: hc, baseURL: baseURL}
}

// Charge is a payment taken from a customer.
type Charge struct {
	ID          string `json:"id"`
	OrderID     string `json:"order_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Status      string `json:"status"`
}

// Refund gives money of a charge back.
type Refund struct {
	ID          string `json:"id"`
	ChargeID    string `json:"charge_id"`
	AmountCents int64  `json:"amount_cents"`
	Status      string `json:"status"`
}

// Payout moves captured money to the shop's bank account.
type Payout struct {
	ID          string `json:"id"`
	AmountCents int64  `json:"amount_cents"`
	Status      string `json:"status"`
}

// do sends req and decodes a 2xx JSON answer into out. Network errors, 429 and 5xx
// are marked transient; other statuses are final.
func (c *Client) do(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return retryx.Transient(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return retryx.Transient(fmt.Errorf("payments: %s %s: %s", req.Method, req.URL.Path, resp.Status))
	case resp.StatusCode >= 300:
		return fmt.Errorf("payments: %s %s: %s", req.Method, req.URL.Path, resp.Status)
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
