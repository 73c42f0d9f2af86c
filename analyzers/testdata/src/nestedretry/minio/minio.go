package minio

// minio-go: a client from minio.New tries every request minio.MaxRetry (10)
// times, or Options.MaxRetries when above 0. A retry around its calls is a
// second layer; a client given one try is the only layer.

import (
	"context"
	"errors"
	"time"

	"github.com/minio/minio-go/v7"
)

func fetchDefault(ctx context.Context, path string) error {
	cli, err := minio.New("s3:9000", &minio.Options{})
	if err != nil {
		return err
	}
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) around cli.FGetObject, which retries on its own \(minio-go client, 10 attempts\): 5 × 10 = 50 attempts`
		if err = cli.FGetObject(ctx, "b", "k", path, minio.GetObjectOptions{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return err
}

func fetchThreeTries(ctx context.Context, path string) error {
	cli, _ := minio.New("s3:9000", &minio.Options{MaxRetries: 3})
	for i := 0; i < 5; i++ { // want `\(minio-go client, 3 attempts\): 5 × 3 = 15 attempts`
		if _, err := cli.StatObject(ctx, "b", "k", minio.StatObjectOptions{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return errors.New("gave up")
}

// One try per request: the loop is the only layer.
func fetchOneTry(ctx context.Context, path string) error {
	cli, _ := minio.New("s3:9000", &minio.Options{MaxRetries: 1})
	for i := 0; i < 5; i++ {
		if err := cli.FGetObject(ctx, "b", "k", path, minio.GetObjectOptions{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return errors.New("gave up")
}

// A method that makes no request does not retry.
func endpoint(ctx context.Context, cli *minio.Client) string {
	for i := 0; i < 5; i++ {
		if u := cli.EndpointURL(); u != "" {
			return u
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return ""
}
