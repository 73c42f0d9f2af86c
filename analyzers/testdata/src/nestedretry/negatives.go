package nestedretry

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/segmentio/kafka-go"

	"example.com/nestedretry/sdk"
)

// One retry layer around a plain client.
func singleLayer(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return errors.New("gave up")
}

func plainSDK(ctx context.Context) error {
	return retry.Do(func() error { return sdk.Plain(ctx) })
}

// Retries turned off on the client.
func retriesOff(req *retryablehttp.Request) error {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	return retry.Do(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func kafkaOnce(ctx context.Context, msg kafka.Message) error {
	w := &kafka.Writer{Topic: "events", MaxAttempts: 1}
	return retry.Do(func() error { return w.WriteMessages(ctx, msg) })
}

// A client kept in a struct and built with retries off elsewhere in the package.
type api struct{ hc *retryablehttp.Client }

func newAPI() *api {
	hc := retryablehttp.NewClient()
	hc.RetryMax = 0
	return &api{hc: hc}
}

func (a *api) call(url string) error {
	return retry.Do(func() error {
		resp, err := a.hc.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A retry count from configuration: the analyzer cannot tell.
func configured(req *retryablehttp.Request, n int) error {
	c := retryablehttp.NewClient()
	c.RetryMax = n
	return retry.Do(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// The retrying function runs once, after the retry succeeded.
func afterSuccess(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := sdk.Plain(ctx); err == nil {
			return sdk.Fetch(ctx)
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return errors.New("gave up")
}

// A retrying function called outside any retry.
func noOuter(ctx context.Context) error { return sdk.Fetch(ctx) }

// crdb retries only CockroachDB's retryable errors: a failed produce inside the
// callback ends the transaction, it is not retried 50 times.
func insideCrdb(ctx context.Context, db *sql.DB, req *retryablehttp.Request) error {
	c := retryablehttp.NewClient()
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := c.Do(req)
		return err
	})
}

// The standard library's own retries (database/sql retries a bad pooled
// connection) are not a retry layer of the analysed code.
func stdRetries(ctx context.Context, db *sql.DB) error {
	for i := 0; i < 3; i++ {
		if err := db.PingContext(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return errors.New("gave up")
}
