package grpc

import (
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
)

// A few quick tries, as for a hand-written loop: at most 5 attempts waiting
// at most 5 s in all (WithMax(n) waits before each attempt but the first).
// Clients that fail together add a handful of calls each and give up within
// seconds; a growing wait would change nothing the server sees.

func threeLinearTries() {
	opts := []grpc_retry.CallOption{
		grpc_retry.WithMax(3),
		grpc_retry.WithBackoff(grpc_retry.BackoffLinear(1000 * time.Millisecond)),
	}
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(opts...)))
}

// The count in a local variable that holds a constant, the strategy in one too.
func localCountTries() {
	attempts := uint(5)
	wait := retry.BackoffLinear(time.Second)
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(attempts), retry.WithBackoff(wait))))
}

// Still reported: more attempts, longer waits, or a count the code leaves
// open (a parameter, a variable assigned twice).

func tenLinearTries() {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(10), grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second))))) // want `grpc_retry interceptor waits the same delay before every attempt \(BackoffLinear\)`
}

func fiveSecondLinearTries() {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(3), retry.WithBackoff(retry.BackoffLinear(5*time.Second))))) // want `retry interceptor waits the same delay before every attempt \(BackoffLinear\)`
}

func givenCountTries(attempts uint) {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(attempts), retry.WithBackoff(retry.BackoffLinear(time.Second))))) // want `retry interceptor waits the same delay before every attempt \(BackoffLinear\)`
}

func countChangedTries(extra bool) {
	attempts := uint(3)
	if extra {
		attempts = 8
	}
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(attempts), retry.WithBackoff(retry.BackoffLinear(time.Second))))) // want `retry interceptor waits the same delay before every attempt \(BackoffLinear\)`
}
