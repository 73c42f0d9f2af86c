// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws (v1.47.7) for analysistest.
// Service clients retry by default (standard mode, 3 attempts); RetryMaxAttempts 1 or
// NopRetryer turns retries off. Config is reduced to the retry and HTTP fields.
package aws

import (
	"context"
	"net/http"
	"time"
)

// HTTPClient sends the requests of a service client.
type HTTPClient interface {
	Do(*http.Request) (*http.Response, error)
}

// RetryMode selects the retry strategy.
type RetryMode string

const (
	RetryModeStandard RetryMode = "standard"
	RetryModeAdaptive RetryMode = "adaptive"
)

func (m RetryMode) String() string { return string(m) }

// Retryer decides whether and when a failed request is retried.
type Retryer interface {
	IsErrorRetryable(error) bool
	MaxAttempts() int
	RetryDelay(attempt int, opErr error) (time.Duration, error)
	GetRetryToken(ctx context.Context, opErr error) (releaseToken func(error) error, err error)
	GetInitialToken() (releaseToken func(error) error)
}

// NopRetryer never retries.
type NopRetryer struct{}

func (NopRetryer) IsErrorRetryable(error) bool { return false }
func (NopRetryer) MaxAttempts() int            { return 1 }
func (NopRetryer) RetryDelay(int, error) (time.Duration, error) {
	return 0, nil
}
func (NopRetryer) GetRetryToken(context.Context, error) (func(error) error, error) {
	return func(error) error { return nil }, nil
}
func (NopRetryer) GetInitialToken() func(error) error { return func(error) error { return nil } }

// Config is the shared configuration of service clients (reduced).
type Config struct {
	Region           string
	HTTPClient       HTTPClient
	RetryMaxAttempts int
	RetryMode        RetryMode
	Retryer          func() Retryer
	BaseEndpoint     *string
}

func String(v string) *string { return &v }
func ToString(p *string) (v string) {
	if p != nil {
		v = *p
	}
	return v
}
func Int32(v int32) *int32 { return &v }
func ToInt32(p *int32) (v int32) {
	if p != nil {
		v = *p
	}
	return v
}
func Bool(v bool) *bool { return &v }
