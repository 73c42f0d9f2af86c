package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"

	"example.com/shop/internal/retryx"
)

// Charge takes amountCents from the customer's saved payment method.
func (c *Client) Charge(ctx context.Context, orderID, customerID string, amountCents int64) (*Charge, error) {
	body, err := json.Marshal(map[string]any{
		"order_id":     orderID,
		"customer_id":  customerID,
		"amount_cents": amountCents,
		"currency":     "EUR",
	})
	if err != nil {
		return nil, err
	}
	key := uuid.NewString() // GOOD: idempotencykey
	var charge Charge
	err = retryx.Do(ctx, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/charges", bytes.NewReader(body)) // GOOD: idempotencykey
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(idempotencyHeader, key)
		return c.do(req, &charge)
	})
	if err != nil {
		return nil, err
	}
	return &charge, nil
}

// Refund gives amountCents of a charge back to the customer.
func (c *Client) Refund(ctx context.Context, chargeID string, amountCents int64) (*Refund, error) {
	body, err := json.Marshal(map[string]any{"charge_id": chargeID, "amount_cents": amountCents})
	if err != nil {
		return nil, err
	}
	var refund Refund
	err = retryx.Do(ctx, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/refunds", bytes.NewReader(body)) // BAD: idempotencykey
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		return c.do(req, &refund)
	})
	if err != nil {
		return nil, err
	}
	return &refund, nil
}

// Capture settles an authorised charge.
func (c *Client) Capture(ctx context.Context, chargeID string) (*Charge, error) {
	var charge Charge
	err := retryx.Do(ctx, func(ctx context.Context) error {
		key := uuid.NewString() // BAD: idempotencykey
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/charges/"+chargeID+"/capture", nil)
		if err != nil {
			return err
		}
		req.Header.Set(idempotencyHeader, key)
		return c.do(req, &charge)
	})
	if err != nil {
		return nil, err
	}
	return &charge, nil
}
