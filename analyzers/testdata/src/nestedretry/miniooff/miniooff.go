package miniooff

// The program sets minio.MaxRetry to 1 before it builds its clients: every
// request is tried once, and the outer loop is the only layer.

import (
	"context"
	"time"

	"github.com/minio/minio-go/v7"
)

func init() { minio.MaxRetry = 1 }

func fetch(ctx context.Context, path string) error {
	cli, err := minio.New("s3:9000", &minio.Options{})
	if err != nil {
		return err
	}
	for i := 0; i < 5; i++ {
		if err = cli.FGetObject(ctx, "b", "k", path, minio.GetObjectOptions{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return err
}
