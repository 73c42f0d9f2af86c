// Package retry is a stub of
// github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry (v2.3.4) for
// analysistest: the interceptors, the options and the backoff strategies.
package retry

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// DefaultRetriableCodes are the codes retried unless WithCodes says otherwise.
var DefaultRetriableCodes = []codes.Code{codes.ResourceExhausted, codes.Unavailable}

type BackoffFunc func(ctx context.Context, attempt uint) time.Duration

type OnRetryCallback func(ctx context.Context, attempt uint, err error)

type RetriableFunc func(err error) bool

type options struct{}

// CallOption is a grpc.CallOption that configures the retries.
type CallOption struct {
	grpc.EmptyCallOption
	applyFunc func(opt *options)
}

func Disable() CallOption                                                         { return WithMax(0) }
func WithMax(maxRetries uint) CallOption                                          { return CallOption{} }
func WithBackoff(bf BackoffFunc) CallOption                                       { return CallOption{} }
func WithOnRetryCallback(fn OnRetryCallback) CallOption                           { return CallOption{} }
func WithCodes(retryCodes ...codes.Code) CallOption                               { return CallOption{} }
func WithPerRetryTimeout(timeout time.Duration) CallOption                        { return CallOption{} }
func WithRetriable(retriableFunc RetriableFunc) CallOption                        { return CallOption{} }
func BackoffLinear(waitBetween time.Duration) BackoffFunc                         { return nil }
func BackoffExponential(scalar time.Duration) BackoffFunc                         { return nil }
func UnaryClientInterceptor(optFuncs ...CallOption) grpc.UnaryClientInterceptor   { return nil }
func StreamClientInterceptor(optFuncs ...CallOption) grpc.StreamClientInterceptor { return nil }

func BackoffLinearWithJitter(waitBetween time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}

func BackoffExponentialWithJitter(scalar time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}

func BackoffExponentialWithJitterBounded(scalar time.Duration, jitterFrac float64, maxBound time.Duration) BackoffFunc {
	return nil
}
