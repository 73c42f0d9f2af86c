package inventory

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Levels reads the stock levels of several SKUs as one retried unit: a stock
// count needs all of them or none.
func (c *Client) Levels(ctx context.Context, skus []string) ([]Level, error) {
	var levels []Level
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(20 * time.Second))
	err := backoff.Retry(func() error {
		for _, sku := range skus {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v1/stock/"+url.PathEscape(sku), nil)
			if err != nil {
				return backoff.Permanent(err)
			}
			var l Level
			if err := c.send(req, &l); err != nil {
				return err
			}
			levels = append(levels, l) // BAD: retrystate
		}
		return nil
	}, backoff.WithContext(b, ctx))
	return levels, err
}

// LevelsOnce is Levels done right: each attempt collects into its own slice,
// which becomes the result only when the attempt succeeded.
func (c *Client) LevelsOnce(ctx context.Context, skus []string) ([]Level, error) {
	var levels []Level
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(20 * time.Second))
	err := backoff.Retry(func() error {
		got := make([]Level, 0, len(skus))
		for _, sku := range skus {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v1/stock/"+url.PathEscape(sku), nil)
			if err != nil {
				return backoff.Permanent(err)
			}
			var l Level
			if err := c.send(req, &l); err != nil {
				return err
			}
			got = append(got, l) // GOOD: retrystate
		}
		levels = got
		return nil
	}, backoff.WithContext(b, ctx))
	return levels, err
}
