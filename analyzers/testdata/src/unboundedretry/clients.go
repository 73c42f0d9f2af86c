package unboundedretry

// Issue 14: a self-retrying client whose settings remove its attempt limit.

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/twmb/franz-go/pkg/kgo"
)

func awsNoLimit(ctx context.Context, in *sqs.SendMessageInput) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return retry.AddWithMaxAttempts(retry.NewStandard(), 0) // want `AWS SDK for Go v2 client retries every call without an attempt limit \(retry.AddWithMaxAttempts\(retry.NewStandard\(\), 0\)\), until the call's context ends: give retry.AddWithMaxAttempts a positive count`
	}))
	if err != nil {
		return err
	}
	_, err = sqs.NewFromConfig(cfg).SendMessage(ctx, in)
	return err
}

// Look-alikes: a positive count, RetryMaxAttempts 0 (the default, 3), and
// StandardOptions.MaxAttempts 0 (the default too).
func awsFive(ctx context.Context, cfg aws.Config, in *sqs.SendMessageInput) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = retry.AddWithMaxAttempts(retry.NewStandard(), 5) })
	_, err := c.SendMessage(ctx, in)
	return err
}

func awsZeroDefaults(ctx context.Context, cfg aws.Config, in *sqs.SendMessageInput) error {
	cfg.RetryMaxAttempts = 0
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 0 })
	})
	_, err := c.SendMessage(ctx, in)
	return err
}

// franz-go retries a produced record without limit by default; the
// ProduceSync's context bounds it, and a default is no setting to report.
func kgoDefault(ctx context.Context, r *kgo.Record) error {
	cl, _ := kgo.NewClient(kgo.SeedBrokers("k:9092"))
	return cl.ProduceSync(ctx, r).FirstErr()
}
