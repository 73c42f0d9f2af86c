package clientfield

// Issue 14: clients kept in a struct or received as a parameter. Their
// construction is out of view at the call, so every configuration of the
// library in the package decides (one consistent configuration here).

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/redis/go-redis/v9"
)

// A client kept in a struct: its construction elsewhere in the package decides.
type cache struct{ rdb redis.UniversalClient }

func newCache() *cache {
	return &cache{rdb: redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{"cache:6379"}, MaxRetries: 1})}
}

func (c *cache) get(ctx context.Context, k string) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `\(go-redis client, 2 attempts\): 3 × 2 = 6 attempts`
		var v string
		if v, err = c.rdb.Get(ctx, k).Result(); err == nil {
			return v, nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return "", err
}

func newQueue(cfg aws.Config) *sqs.Client { return sqs.NewFromConfig(cfg) }

// A parameter: the package's one configuration keeps the default retries.
func awsParam(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	return retryDo(func() error { // want `\(AWS SDK for Go v2 client, 3 attempts\): 3 × 3 = 9 attempts`
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

// Retries turned off for this one operation.
func awsPerCall(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	return retryDo(func() error {
		_, err := c.SendMessage(ctx, in, func(o *sqs.Options) { o.Retryer = aws.NopRetryer{} })
		return err
	})
}

// retryDo is the package's own retry helper (an inferred wrapper).
func retryDo(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}
