// Package config is a stub of github.com/aws/aws-sdk-go-v2/config (v1.33.18)
// for analysistest: LoadDefaultConfig and its retry options.
package config

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// LoadOptions are the options of LoadDefaultConfig (reduced).
type LoadOptions struct {
	Region           string
	RetryMaxAttempts int
	Retryer          func() aws.Retryer
}

// LoadOptionsFunc is a functional option of LoadDefaultConfig.
type LoadOptionsFunc func(*LoadOptions) error

func LoadDefaultConfig(ctx context.Context, optFns ...func(*LoadOptions) error) (cfg aws.Config, err error) {
	return aws.Config{}, nil
}

func WithRegion(v string) LoadOptionsFunc {
	return func(o *LoadOptions) error { o.Region = v; return nil }
}

// WithRetryMaxAttempts sets RetryMaxAttempts; 0 keeps the default.
func WithRetryMaxAttempts(v int) LoadOptionsFunc {
	return func(o *LoadOptions) error { o.RetryMaxAttempts = v; return nil }
}

func WithRetryer(v func() aws.Retryer) LoadOptionsFunc {
	return func(o *LoadOptions) error { o.Retryer = v; return nil }
}
