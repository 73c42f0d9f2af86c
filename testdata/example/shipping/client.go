// Package shipping is the client of the parcel carrier's API: rates, bookings,
// labels and tracking.
package shipping

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/avast/retry-go/v4"
)

// Client is a carrier API client.
type Client struct {
	http    *http.Client
	baseURL string
}

// NewClient returns a client for the carrier API at baseURL.
func NewClient(baseURL string) *Client {
	return &Client{
		baseURL: baseURL,
		http: &http.Client{ // BAD: httptimeout
			Transport: &http.Transport{MaxIdleConnsPerHost: 8},
		},
	}
}

// statusError is a non-2xx answer of the carrier.
type statusError struct {
	code   int
	status string
}

func (e *statusError) Error() string { return "carrier: " + e.status }

// retryable says which failures are worth another attempt: network errors, 429, 5xx.
func retryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		return se.code == http.StatusTooManyRequests || se.code >= 500
	}
	return true
}

func (c *Client) getJSON(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &statusError{code: resp.StatusCode, status: resp.Status}
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func (c *Client) getBytes(req *http.Request) ([]byte, error) {
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return nil, &statusError{code: resp.StatusCode, status: resp.Status}
	}
	return io.ReadAll(resp.Body)
}

// Tracking is the state of a parcel.
type Tracking struct {
	Number string    `json:"number"`
	Status string    `json:"status"`
	At     time.Time `json:"at"`
}

// Track reads the tracking state of a parcel.
func (c *Client) Track(ctx context.Context, number string) (*Tracking, error) {
	var t Tracking
	err := retry.Do( // GOOD: retryall, sleepnoctx, fixedsleep, unboundedretry
		func() error {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v2/tracking/"+url.PathEscape(number), nil)
			if err != nil {
				return retry.Unrecoverable(err)
			}
			return c.getJSON(req, &t)
		},
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(200*time.Millisecond),
		retry.MaxDelay(2*time.Second),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// Rate is the price of a delivery service for a parcel.
type Rate struct {
	Service    string `json:"service"`
	PriceCents int64  `json:"price_cents"`
	Days       int    `json:"days"`
}

// Rates lists the delivery services and prices for a parcel.
func (c *Client) Rates(ctx context.Context, fromZip, toZip string, weightGrams int) ([]Rate, error) {
	q := url.Values{"from": {fromZip}, "to": {toZip}, "weight_g": {strconv.Itoa(weightGrams)}}
	var rates []Rate
	err := retry.Do( // BAD: fixedsleep
		func() error {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v2/rates?"+q.Encode(), nil)
			if err != nil {
				return retry.Unrecoverable(err)
			}
			return c.getJSON(req, &rates)
		},
		retry.Context(ctx),
		retry.Attempts(8),
		retry.Delay(time.Second),
		retry.DelayType(retry.FixedDelay),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	)
	return rates, err
}

// Booking is a parcel pickup booked with the carrier.
type Booking struct {
	OrderID  string    `json:"order_id"`
	Number   string    `json:"number"`
	PickupAt time.Time `json:"pickup_at"`
}

// Book books the pickup of an order's parcel (twice: the first booking), and
// finishes it even when the caller stops waiting.
func (c *Client) Book(ctx context.Context, orderID string, weightGrams int) (*Booking, error) {
	body, err := json.Marshal(map[string]int{"weight_g": weightGrams})
	if err != nil {
		return nil, err
	}
	bookCtx := context.WithoutCancel(ctx)
	var b Booking
	err = retry.Do( // BAD: unboundedretry
		func() error {
			req, err := http.NewRequestWithContext(bookCtx, http.MethodPut, c.baseURL+"/v2/bookings/"+url.PathEscape(orderID), bytes.NewReader(body))
			if err != nil {
				return retry.Unrecoverable(err)
			}
			req.Header.Set("Content-Type", "application/json")
			return c.getJSON(req, &b)
		},
		retry.Context(bookCtx),
		retry.Attempts(0),
		retry.Delay(time.Second),
		retry.MaxDelay(30*time.Second),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	)
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// Label downloads the PDF shipping label of a booked parcel.
func (c *Client) Label(ctx context.Context, number string) ([]byte, error) {
	var pdf []byte
	err := retry.Do(func() error { // BAD: retryall, sleepnoctx
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v2/labels/"+url.PathEscape(number), nil)
		if err != nil {
			return err
		}
		pdf, err = c.getBytes(req)
		return err
	}, retry.Attempts(20))
	if err != nil {
		return nil, err
	}
	return pdf, nil
}

// Ping checks that the carrier answers. Its Get carries no context: nothing
// the caller does can bound it, so the client's missing Timeout (NewClient)
// is what lets it hang. The other requests carry the caller's ctx.
func (c *Client) Ping() error {
	resp, err := c.http.Get(c.baseURL + "/v2/ping")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
