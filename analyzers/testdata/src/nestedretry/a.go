// Package nestedretry holds the cases of the nestedretry rule: retries around
// calls that retry on their own, and single retry layers it must leave alone.
package nestedretry

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/segmentio/kafka-go"

	"example.com/nestedretry/sdk"
)

func retryableClient(req *retryablehttp.Request) error {
	c := retryablehttp.NewClient()
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around c.Do, which retries on its own \(go-retryablehttp client, 5 attempts\): 3 × 5 = 15 attempts; keep a single retry layer`
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return errors.New("gave up")
}

func aroundRetryingFunc(ctx context.Context) error {
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) around sdk.Fetch, which retries on its own \(retry loop, 4 attempts\): 10 × 4 = 40 attempts`
		return sdk.Fetch(ctx)
	}, retry.Context(ctx))
}

func aroundHelper() error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) around retry.Do, which retries on its own \(retry helper, 3 attempts\): 5 × 3 = 15 attempts`
		err = retry.Do(call, retry.Attempts(3))
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

func aroundSDKMethod(c *sdk.Client) error {
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) around c.Get, which retries on its own \(go-retryablehttp client, 5 attempts\): 10 × 5 = 50 attempts`
		return c.Get("https://example.com")
	})
}

func kafkaDefault(ctx context.Context, msg kafka.Message) error {
	w := &kafka.Writer{Topic: "events"}
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) around w.WriteMessages, which retries on its own \(kafka-go Writer client, 10 attempts\): 10 × 10 = 100 attempts`
		return w.WriteMessages(ctx, msg)
	}, retry.Attempts(10))
}

func kafkaThree(ctx context.Context, msg kafka.Message) error {
	w := &kafka.Writer{Topic: "events", MaxAttempts: 3}
	return retry.Do(func() error { // want `\(kafka-go Writer client, 3 attempts\): 10 × 3 = 30 attempts`
		return w.WriteMessages(ctx, msg)
	})
}

func awsClient(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) around c.SendMessage, which retries on its own \(AWS SDK for Go v2 client, 3 attempts\): 10 × 3 = 30 attempts`
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

func crdbInLoop(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around crdb.ExecuteTx, which retries on its own \(retry helper, 51 attempts\): 3 × 51 = 153 attempts`
		err = crdb.ExecuteTx(ctx, db, nil, func(*sql.Tx) error { return nil })
		if err == nil {
			return nil
		}
	}
	return err
}

type service struct{}

// sync calls a retrying function of another package: one level down.
func (s *service) sync(ctx context.Context) error { return sdk.Fetch(ctx) }

func (s *service) oneLevel(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around s.sync, which retries on its own \(via sdk.Fetch: retry loop, 4 attempts\): 3 × 4 = 12 attempts`
		if err = s.sync(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// fetchWithRetry retries by itself (same package).
func fetchWithRetry() error {
	var err error
	for i := 0; i < 2; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

func samePackage() error {
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) around fetchWithRetry, which retries on its own \(retry loop, 2 attempts\): 10 × 2 = 20 attempts`
		return fetchWithRetry()
	})
}

func call() error { reach(); return nil }
