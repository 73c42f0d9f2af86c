// Package grpc holds fixedsleep's cases for client retry configurations.
package grpc

import (
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
)

// backoffMultiplier 1: every wait is initialBackoff (±20 % of grpc-go's own
// jitter), however long the outage lasts.
const constantPolicy = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3,
	"initialBackoff": "0.5s", "maxBackoff": "0.5s", "backoffMultiplier": 1, "retryableStatusCodes": ["UNAVAILABLE"]}}]}` // want `gRPC retry policy waits the same delay before every attempt \(backoffMultiplier 1\): set backoffMultiplier above 1 \(e.g. 2\) and maxBackoff above initialBackoff; grpc-go adds the jitter`

// A growing multiplier capped at once: maxBackoff keeps every wait at the first.
const cappedPolicy = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3,
	"initialBackoff": "1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}` // want `gRPC retry policy waits the same delay before every attempt \(maxBackoff 1s not above initialBackoff 1s\)`

// Look-alikes: a growing policy; a constant one on a connection whose retries are off.
const growingPolicy = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3,
	"initialBackoff": "0.1s", "maxBackoff": "2s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

const constantPolicyToo = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.5s", "maxBackoff": "0.5s", "backoffMultiplier": 1, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func serviceConfigs() {
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(constantPolicy))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(cappedPolicy))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(growingPolicy))
	grpc.NewClient("x", grpc.WithDefaultServiceConfig(constantPolicyToo), grpc.WithDisableRetry())
}

func interceptors() {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(10), grpc_retry.WithBackoff(grpc_retry.BackoffLinear(100*time.Millisecond))))) // want `grpc_retry interceptor waits the same delay before every attempt \(BackoffLinear\): use BackoffExponentialWithJitter`
	// A strategy in a variable, with a jitter fraction of 0.
	noJitter := retry.BackoffLinearWithJitter(5*time.Second, 0) // want `retry interceptor waits the same delay before every attempt \(BackoffLinearWithJitter with a jitter fraction of 0\)`
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithBackoff(noJitter))))
}

// Look-alikes: a jittered constant wait the code chose, the default (50ms with
// 10 % jitter), a growing wait, a strategy of its own, retries turned off.
func interceptorLookalikes(own retry.BackoffFunc) {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(4), grpc_retry.WithBackoff(grpc_retry.BackoffLinearWithJitter(100*time.Millisecond, 0.2)))))
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4))))
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(4), retry.WithBackoff(retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.1)))))
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(4), retry.WithBackoff(own))))
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(1), retry.WithBackoff(retry.BackoffLinear(time.Second)))))
}
