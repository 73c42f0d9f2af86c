package grpc

import (
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

func interceptorCodes() {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(3),
		grpc_retry.WithCodes(codes.Unavailable, codes.InvalidArgument), // want `grpc_retry interceptor retries INVALID_ARGUMENT, which sending the same call again does not fix: pass WithCodes only transient codes`
	)))
	grpc.NewClient("x", grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithCodes(codes.Internal)))) // want `retry interceptor retries INTERNAL`
}

// Per-call options in a slice: the codes are what the interceptor retries.
var perCall = []grpc.CallOption{
	retry.WithMax(4),
	retry.WithCodes(codes.Unknown, codes.Unavailable), // want `retry interceptor retries UNKNOWN`
}

// Look-alikes.
func interceptorTransient(more []codes.Code) {
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(3), grpc_retry.WithCodes(codes.Unavailable, codes.ResourceExhausted, codes.Aborted))))
	// Retries turned off: the codes retry nothing.
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(0), grpc_retry.WithCodes(codes.InvalidArgument))))
	grpc.NewClient("x", grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.Disable(), retry.WithCodes(codes.NotFound))))
	// A list from elsewhere.
	grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(3), grpc_retry.WithCodes(more...))))
}
