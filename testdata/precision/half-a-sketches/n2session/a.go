package n2session

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
)

func retry(f func() error) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = f(); err == nil {
			return nil
		}
		var te interface{ Temporary() bool }
		if !errors.As(err, &te) {
			return err
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// FP (idempotencykey): POST with an empty body only opens an upload session;
// a duplicate leaves an unused session URL.
func newSession(ctx context.Context, c *http.Client, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"?uploadType=resumable", nil)
	if err != nil {
		return "", err
	}
	var loc string
	err = retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		loc = resp.Header.Get("Location")
		return nil
	})
	return loc, err
}

// Must stay reported: POST with a body that creates a business object.
func createOrder(ctx context.Context, c *http.Client, url string, body func() *strings.Reader) error {
	return retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/orders", body())
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
