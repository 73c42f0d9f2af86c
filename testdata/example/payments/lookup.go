package payments

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"time"

	"example.com/shop/internal/retryx"
)

const (
	lookupAttempts  = 4
	lookupBaseDelay = 50 * time.Millisecond
	lookupMaxDelay  = time.Second
)

func (c *Client) get(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+path, nil)
	if err != nil {
		return err
	}
	return c.do(req, out)
}

// GetCharge reads a charge.
func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	var charge Charge
	var err error
	for attempt := 0; attempt < lookupAttempts; attempt++ { // BAD: nojitter
		err = c.get(ctx, "/v1/charges/"+url.PathEscape(id), &charge)
		if err == nil {
			return &charge, nil
		}
		var transient *retryx.TransientError
		if !errors.As(err, &transient) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(chargeBaseDelay<<attempt, chargeMaxDelay)):
		}
	}
	return nil, err
}

// GetRefund reads a refund.
func (c *Client) GetRefund(ctx context.Context, id string) (*Refund, error) {
	var refund Refund
	var err error
	for attempt := 0; attempt < 2*lookupAttempts; attempt++ { // BAD: fixedsleep
		err = c.get(ctx, "/v1/refunds/"+url.PathEscape(id), &refund)
		if err == nil {
			return &refund, nil
		}
		var transient *retryx.TransientError
		if !errors.As(err, &transient) {
			return nil, err
		}
	}
	return nil, err
}

// GetPayout reads a payout.
func (c *Client) GetPayout(ctx context.Context, id string) (*Payout, error) {
	var payout Payout
	var err error
	for attempt := 0; attempt < lookupAttempts; attempt++ { // GOOD: fixedsleep
		err = c.get(ctx, "/v1/payouts/"+url.PathEscape(id), &payout)
		if err == nil {
			return &payout, nil
		}
		var transient *retryx.TransientError
		if !errors.As(err, &transient) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(rand.N(min(lookupBaseDelay<<attempt, lookupMaxDelay))): // GOOD: nojitter
		}
	}
	return nil, err
}
