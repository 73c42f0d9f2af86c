package clients

// Issue 14: clients whose retries are configured, not written. A retry around
// a call of a client that retries is a second layer; the same client with its
// retries turned off is the only layer and stays quiet.

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// go-redis

func redisDefault(ctx context.Context) (string, error) {
	rdb := redis.NewClient(&redis.Options{Addr: "cache:6379"})
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around rdb.Get, which retries on its own \(go-redis client, 4 attempts\): 3 × 4 = 12 attempts`
		var v string
		if v, err = rdb.Get(ctx, "k").Result(); err == nil {
			return v, nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return "", err
}

func redisTwoRetries(ctx context.Context) error {
	rdb := redis.NewClient(&redis.Options{Addr: "cache:6379", MaxRetries: 2})
	for i := 0; i < 3; i++ { // want `\(go-redis client, 3 attempts\): 3 × 3 = 9 attempts`
		if err := rdb.Set(ctx, "k", "v", 0).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return errors.New("gave up")
}

func redisRetriesOff(ctx context.Context) error {
	rdb := redis.NewClient(&redis.Options{Addr: "cache:6379", MaxRetries: -1})
	for i := 0; i < 3; i++ {
		if err := rdb.Set(ctx, "k", "v", 0).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return errors.New("gave up")
}

// MaxRetries 0 is the default (3 retries), not "off".
func redisZeroIsDefault(ctx context.Context) error {
	opt := &redis.Options{Addr: "cache:6379"}
	opt.MaxRetries = 0
	rdb := redis.NewClient(opt)
	for i := 0; i < 3; i++ { // want `\(go-redis client, 4 attempts\)`
		if _, err := rdb.Incr(ctx, "n").Result(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return errors.New("gave up")
}

// A cluster client retries through MaxRedirects; MaxRetries is its nodes'.
func redisClusterOff(ctx context.Context) error {
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"a:7000"}, MaxRedirects: -1, MaxRetries: 5})
	return retryDo(func() error { return rdb.Ping(ctx).Err() })
}

func redisCluster(ctx context.Context) error {
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"a:7000"}, MaxRetries: -1})
	for i := 0; i < 2; i++ { // want `\(go-redis client, 4 attempts\): 2 × 4 = 8 attempts`
		if err := rdb.Ping(ctx).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// Look-alikes: a pipeline queues the command (Exec sends it), and a Cmdable
// may be a pipeline: neither is proof of a retrying request.
func redisPipelineQueue(ctx context.Context, pipe redis.Pipeliner) error {
	for i := 0; i < 3; i++ {
		if err := pipe.Set(ctx, "k", "v", 0).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func redisCmdable(ctx context.Context, c redis.Cmdable) error {
	for i := 0; i < 3; i++ {
		if err := c.Ping(ctx).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// A retry count from configuration: out of reach.
func redisConfigured(ctx context.Context, n int) error {
	rdb := redis.NewClient(&redis.Options{MaxRetries: n})
	return retryDo(func() error { return rdb.Ping(ctx).Err() })
}

// franz-go

func kgoProduceDefault(ctx context.Context, r *kgo.Record) error {
	cl, _ := kgo.NewClient(kgo.SeedBrokers("k:9092"))
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around cl.ProduceSync, which retries on its own \(franz-go client\): the attempts multiply`
		if err := cl.ProduceSync(ctx, r).FirstErr(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func kgoProduceOnce(ctx context.Context, r *kgo.Record) error {
	cl, _ := kgo.NewClient(kgo.SeedBrokers("k:9092"), kgo.RecordRetries(1))
	for i := 0; i < 3; i++ {
		if err := cl.ProduceSync(ctx, r).FirstErr(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func kgoCommit(ctx context.Context, rs []*kgo.Record) error {
	opts := []kgo.Opt{kgo.SeedBrokers("k:9092")}
	opts = append(opts, kgo.RequestRetries(5))
	cl, _ := kgo.NewClient(opts...)
	for i := 0; i < 3; i++ { // want `\(franz-go client, 5 attempts\): 3 × 5 = 15 attempts`
		if err := cl.CommitRecords(ctx, rs...); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// RequestRetries does not apply to produce requests: RecordRetries does.
func kgoProduceRequestRetries(ctx context.Context, r *kgo.Record) error {
	cl, _ := kgo.NewClient(kgo.RequestRetries(1), kgo.RecordRetries(4))
	for i := 0; i < 3; i++ { // want `\(franz-go client, 4 attempts\)`
		if err := cl.ProduceSync(ctx, r).FirstErr(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// A kmsg request issued with RequestWith(ctx, client) is the client's Request.
func kmsgRequestWith(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.SeedBrokers("k:9092"), kgo.RequestRetries(3))
	req := kmsg.NewPtrMetadataRequest()
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) around req.RequestWith, which retries on its own \(franz-go client, 3 attempts\): 5 × 3 = 15 attempts`
		if _, err := req.RequestWith(ctx, cl); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// Look-alikes: a Requestor of any kind (an interface: a mock, a wrapper),
// and a client whose requests are tried once.

func kmsgRequestor(ctx context.Context, r kmsg.Requestor) error {
	req := kmsg.NewPtrMetadataRequest()
	for i := 0; i < 5; i++ {
		if _, err := req.RequestWith(ctx, r); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func kmsgOnce(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.SeedBrokers("k:9092"), kgo.RequestRetries(1))
	for i := 0; i < 5; i++ {
		if _, err := kmsg.NewPtrMetadataRequest().RequestWith(ctx, cl); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// AWS SDK for Go v2

func awsNop(ctx context.Context, in *sqs.SendMessageInput) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer { return aws.NopRetryer{} }))
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	return retryDo(func() error {
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

func awsOptionFunc(ctx context.Context, cfg aws.Config, in *sqs.SendMessageInput) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.RetryMaxAttempts = 1 })
	return retryDo(func() error {
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

func awsLoadOption(ctx context.Context, in *sqs.SendMessageInput) error {
	cfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(5))
	c := sqs.NewFromConfig(cfg)
	return retryDo(func() error { // want `retryDo \(3 attempts\) around c.SendMessage, which retries on its own \(AWS SDK for Go v2 client, 5 attempts\): 3 × 5 = 15 attempts`
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

func awsStandard(ctx context.Context, cfg aws.Config, in *sqs.SendMessageInput) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 2 })
	})
	return retryDo(func() error { // want `\(AWS SDK for Go v2 client, 2 attempts\)`
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

func awsAddMax(ctx context.Context, cfg aws.Config, in *sqs.SendMessageInput) error {
	cfg.Retryer = func() aws.Retryer { return retry.AddWithMaxAttempts(retry.NewStandard(), 1) }
	c := sqs.NewFromConfig(cfg)
	return retryDo(func() error {
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

// A retryer of the code's own: out of reach.
type myRetryer struct{ aws.NopRetryer }

func awsCustom(ctx context.Context, in *sqs.SendMessageInput, r func() aws.Retryer) error {
	cfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryer(r))
	c := sqs.NewFromConfig(cfg)
	return retryDo(func() error {
		_, err := c.SendMessage(ctx, in)
		return err
	})
}

// go-retryablehttp: a Client literal leaves RetryMax at 0, no retries.
func retryableLiteral(req *retryablehttp.Request) error {
	c := &retryablehttp.Client{RetryWaitMin: time.Second}
	return retryDo(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func retryableTwo(req *retryablehttp.Request) error {
	c := retryablehttp.NewClient()
	c.RetryMax = 1
	c.Backoff = retryablehttp.LinearJitterBackoff
	return retryDo(func() error { // want `retryDo \(3 attempts\) around c.Do, which retries on its own \(go-retryablehttp client, 2 attempts\): 3 × 2 = 6 attempts`
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
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
