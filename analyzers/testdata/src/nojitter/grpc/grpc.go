// Package grpc holds nojitter's cases for client retry configurations.
package grpc

import (
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
)

func interceptors() {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(4), grpc_retry.WithBackoff(grpc_retry.BackoffExponential(100*time.Millisecond))))) // want `grpc_retry interceptor backs off without jitter: use BackoffExponentialWithJitter with a jitter fraction above 0`
	grpc.NewClient("x", grpc.WithStreamInterceptor(retry.StreamClientInterceptor(
		retry.WithMax(4), retry.WithBackoff(retry.BackoffExponentialWithJitterBounded(100*time.Millisecond, 0, 5*time.Second))))) // want `retry interceptor backs off without jitter`
	bo := grpc_retry.BackoffExponentialWithJitter(time.Second, 0.0) // want `grpc_retry interceptor backs off without jitter`
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(bo))))
}

// Look-alikes: jittered strategies, retries turned off, and a gRPC retry
// policy, which grpc-go always jitters.
const growingPolicy = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3,
	"initialBackoff": "0.1s", "maxBackoff": "2s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func lookalikes() {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(4), grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.1)))))
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(4), retry.WithBackoff(retry.BackoffExponentialWithJitterBounded(100*time.Millisecond, 0.1, 5*time.Second)))))
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.Disable(), grpc_retry.WithBackoff(grpc_retry.BackoffExponential(100*time.Millisecond)))))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(growingPolicy))
}
