// Package catalog keeps the product search index and the price service in step with
// the shop's product data.
package catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/sethvargo/go-retry"
)

// Product is what the search index holds about a product.
type Product struct {
	SKU         string   `json:"sku"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	PriceCents  int64    `json:"price_cents"`
}

// Price is the current price of a SKU.
type Price struct {
	SKU        string `json:"sku"`
	PriceCents int64  `json:"price_cents"`
}

// Indexer writes to the search index over plain HTTP and reads prices through
// a retrying client.
type Indexer struct {
	http     *http.Client
	prices   *retryablehttp.Client
	indexURL string
	priceURL string
}

// NewIndexer returns an Indexer. hc must have a Timeout; it is also the transport
// of the retrying price client.
func NewIndexer(hc *http.Client, indexURL, priceURL string) *Indexer {
	rc := retryablehttp.NewClient()
	rc.HTTPClient = hc
	rc.RetryMax = 3
	rc.Logger = nil
	return &Indexer{http: hc, prices: rc, indexURL: indexURL, priceURL: priceURL}
}

// send sends req and reports failures: 429 and 5xx as retryable, the rest as final.
func (ix *Indexer) send(req *http.Request) error {
	resp, err := ix.http.Do(req)
	if err != nil {
		return retry.RetryableError(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return retry.RetryableError(fmt.Errorf("catalog: %s %s: %s", req.Method, req.URL.Path, resp.Status))
	case resp.StatusCode >= 300:
		return fmt.Errorf("catalog: %s %s: %s", req.Method, req.URL.Path, resp.Status)
	}
	return nil
}

// status sends req and returns the error of a failed call, unclassified.
func (ix *Indexer) status(req *http.Request) error {
	resp, err := ix.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("catalog: %s %s: %s", req.Method, req.URL.Path, resp.Status)
	}
	return nil
}

// Upsert writes a product document to the search index.
func (ix *Indexer) Upsert(ctx context.Context, p Product) error {
	doc, err := json.Marshal(p)
	if err != nil {
		return err
	}
	u := ix.indexURL + "/products/" + url.PathEscape(p.SKU)
	b := retry.WithMaxRetries(4,
		retry.WithCappedDuration(2*time.Second,
			retry.WithJitterPercent(20, retry.NewExponential(100*time.Millisecond))))
	return retry.Do(ctx, b, func(ctx context.Context) error { // GOOD: retryall, unboundedretry, nojitter
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, bytes.NewReader(doc))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		return ix.send(req)
	})
}

// Delete removes a product document from the search index.
func (ix *Indexer) Delete(ctx context.Context, sku string) error {
	u := ix.indexURL + "/products/" + url.PathEscape(sku)
	b := retry.WithMaxRetries(4,
		retry.WithCappedDuration(2*time.Second,
			retry.WithJitterPercent(20, retry.NewExponential(100*time.Millisecond))))
	return retry.Do(ctx, b, func(ctx context.Context) error { // BAD: retryall
		req, err := http.NewRequestWithContext(ctx, http.MethodDelete, u, nil)
		if err != nil {
			return retry.RetryableError(err)
		}
		return retry.RetryableError(ix.status(req))
	})
}

// Publish makes a product visible in search, once its request has ended.
func (ix *Indexer) Publish(sku string) error {
	u := ix.indexURL + "/products/" + url.PathEscape(sku) + "/visibility"
	return retry.Do(context.Background(), retry.WithJitterPercent(10, retry.NewFibonacci(250*time.Millisecond)), func(ctx context.Context) error { // BAD: unboundedretry
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, strings.NewReader(`{"visible":true}`))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		return ix.send(req)
	})
}

// Prices reads the current prices of skus from the price service.
func (ix *Indexer) Prices(ctx context.Context, skus []string) ([]Price, error) {
	u := ix.priceURL + "/v1/prices?" + url.Values{"sku": skus}.Encode()
	b := retry.WithMaxRetries(4,
		retry.WithCappedDuration(2*time.Second,
			retry.WithJitterPercent(20, retry.NewExponential(100*time.Millisecond))))
	var prices []Price
	err := retry.Do(ctx, b, func(ctx context.Context) error { // BAD: nestedretry
		req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		resp, err := ix.prices.Do(req)
		if err != nil {
			return retry.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 { // BAD: retryafter
			return retry.RetryableError(fmt.Errorf("catalog: prices: %s", resp.Status))
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("catalog: prices: %s", resp.Status)
		}
		return json.NewDecoder(resp.Body).Decode(&prices)
	})
	return prices, err
}

// Price reads the current price of one SKU; the retrying client is the only retry.
func (ix *Indexer) Price(ctx context.Context, sku string) (*Price, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, ix.priceURL+"/v1/prices/"+url.PathEscape(sku), nil)
	if err != nil {
		return nil, err
	}
	resp, err := ix.prices.Do(req) // GOOD: nestedretry
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("catalog: price of %s: %s", sku, resp.Status)
	}
	var p Price
	return &p, json.NewDecoder(resp.Body).Decode(&p)
}
