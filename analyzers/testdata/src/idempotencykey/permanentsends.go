package idempotencykey

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"

	backoff "github.com/cenkalti/backoff/v5"
)

// A callback that marks a send's error and its non-2xx answers final never
// repeats a request whose outcome is unknown: what goes round is a refusal the
// server answered with a success status.

var errFlood = errors.New("flood protection")

type soapClient struct{ hc *http.Client }

func (c *soapClient) do(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return backoff.Permanent(fmt.Errorf("do: %w", err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}
	if resp.Header.Get("X-Fault") == "flood" {
		return errFlood
	}
	return nil
}

// doRetriesServerErrors marks 4xx final but lets a 5xx go round.
func (c *soapClient) doRetriesServerErrors(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return backoff.Permanent(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// doRetriesTimeouts lets a transport error go round.
func (c *soapClient) doRetriesTimeouts(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}
	return nil
}

func newSOAP(ctx context.Context, body []byte) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/soap", bytes.NewReader(body))
}

func soapRefusalsOnly(ctx context.Context, c *soapClient, body []byte) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		req, err := newSOAP(ctx, body)
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		return struct{}{}, c.do(req)
	})
	return err
}

func soapServerErrorsRetried(ctx context.Context, c *soapClient, body []byte) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		req, err := newSOAP(ctx, body)
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		return struct{}{}, c.doRetriesServerErrors(req) // want `POST request sent by doRetriesServerErrors from a retry callback without an idempotency key`
	})
	return err
}

func soapTimeoutsRetried(ctx context.Context, c *soapClient, body []byte) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		req, err := newSOAP(ctx, body)
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		return struct{}{}, c.doRetriesTimeouts(req) // want `POST request sent by doRetriesTimeouts from a retry callback without an idempotency key`
	})
	return err
}

// In the callback itself: the same reading.
func inlineRefusalsOnly(ctx context.Context, hc *http.Client, body []byte) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 {
			return struct{}{}, backoff.Permanent(errors.New("refused"))
		}
		return struct{}{}, nil
	})
	return err
}

func inlineTimeoutsRetried(ctx context.Context, hc *http.Client, body []byte) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return struct{}{}, backoff.Permanent(errors.New("refused"))
		}
		return struct{}{}, nil
	})
	return err
}
