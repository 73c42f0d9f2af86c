package payments

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"example.com/shop/internal/retryx"
)

// sent turns the answer of a send into an error and closes the response: network
// errors, 429 and 5xx are transient, other non-2xx statuses final.
func sent(resp *http.Response, err error) error {
	if err != nil {
		return retryx.Transient(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return retryx.Transient(fmt.Errorf("payments: %s", resp.Status))
	case resp.StatusCode >= 300:
		return fmt.Errorf("payments: %s", resp.Status)
	}
	return nil
}

// receiptURL is where the PDF receipt of a charge is stored.
func (c *Client) receiptURL(chargeID string) string {
	return c.baseURL + "/v1/charges/" + url.PathEscape(chargeID) + "/receipt"
}

// honour waits as long as a throttling answer's Retry-After header asks (in
// seconds), capped at lookupMaxDelay; nothing when the header is missing.
func honour(ctx context.Context, h http.Header) error {
	s, err := strconv.Atoi(h.Get("Retry-After"))
	if err != nil || s <= 0 {
		return nil
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(min(time.Duration(s)*time.Second, lookupMaxDelay)):
		return nil
	}
}

// pause waits before the next attempt: capped exponential backoff, full jitter.
func pause(ctx context.Context, attempt int) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(rand.N(min(lookupBaseDelay<<attempt, lookupMaxDelay))):
		return nil
	}
}

// UploadReceipt stores the PDF receipt of a charge. The request is built once,
// before the loop: the first attempt consumes its body, so every retry sends an
// empty PUT.
func (c *Client) UploadReceipt(ctx context.Context, chargeID string, pdf []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.receiptURL(chargeID), bytes.NewReader(pdf))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/pdf")
	for attempt := 0; attempt < lookupAttempts; attempt++ {
		err = sent(c.http.Do(req)) // BAD: retrybody
		var transient *retryx.TransientError
		if err == nil || !errors.As(err, &transient) {
			return err
		}
		if perr := pause(ctx, attempt); perr != nil {
			return perr
		}
	}
	return err
}

// ReplaceReceipt stores a corrected receipt: each attempt builds its own request.
func (c *Client) ReplaceReceipt(ctx context.Context, chargeID string, pdf []byte) error {
	var err error
	for attempt := 0; attempt < lookupAttempts; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPut, c.receiptURL(chargeID), bytes.NewReader(pdf))
		if rerr != nil {
			return rerr
		}
		req.Header.Set("Content-Type", "application/pdf")
		err = sent(c.http.Do(req)) // GOOD: retrybody
		var transient *retryx.TransientError
		if err == nil || !errors.As(err, &transient) {
			return err
		}
		if perr := pause(ctx, attempt); perr != nil {
			return perr
		}
	}
	return err
}

// HasReceipt asks whether a charge's receipt is stored. A throttled or failed
// answer goes back to the next attempt with its body open (one connection leaked
// per failed attempt), and a 429's Retry-After is never read.
func (c *Client) HasReceipt(ctx context.Context, chargeID string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, c.receiptURL(chargeID), nil)
	if err != nil {
		return false, err
	}
	var lastErr error
	for attempt := 0; attempt < lookupAttempts; attempt++ {
		if attempt > 0 {
			if err := pause(ctx, attempt-1); err != nil {
				return false, err
			}
		}
		resp, err := c.http.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 { // BAD: retryafter
			lastErr = fmt.Errorf("payments: HEAD receipt: %s", resp.Status)
			continue // BAD: retryleak
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	}
	return false, lastErr
}

// HasRefundReceipt asks whether a refund's receipt is stored; a failed answer is
// closed before the next attempt, and a throttling answer's Retry-After is
// honoured (capped) before the usual backoff.
func (c *Client) HasRefundReceipt(ctx context.Context, refundID string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, c.receiptURL(refundID), nil)
	if err != nil {
		return false, err
	}
	var lastErr error
	for attempt := 0; attempt < lookupAttempts; attempt++ {
		if attempt > 0 {
			if err := pause(ctx, attempt-1); err != nil {
				return false, err
			}
		}
		resp, err := c.http.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 { // GOOD: retryafter
			lastErr = fmt.Errorf("payments: HEAD receipt: %s", resp.Status)
			herr := honour(ctx, resp.Header)
			resp.Body.Close()
			if herr != nil {
				return false, herr
			}
			continue // GOOD: retryleak
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	}
	return false, lastErr
}
