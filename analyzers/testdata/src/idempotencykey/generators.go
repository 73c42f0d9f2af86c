package idempotencykey

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/segmentio/ksuid"
)

// A key from an ID generator of the knowledge base (ksuid) is made anew on
// every attempt, like a uuid; a key named after a brand is not a draw.
func ksuidKey(ctx context.Context, client *http.Client) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", ksuid.New().String()) // want `gets a new idempotency key on every attempt \(ksuid.New\)`
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

type catalog interface{ Brand() string }

func brandKey(ctx context.Context, client *http.Client, c catalog) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", "order-"+c.Brand())
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
