package grpc

import (
	"context"
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc"

	"example.com/grpcecho/echopb"
)

// A connection from the caller: its options are out of reach.
func fromCaller(ctx context.Context, conn *grpc.ClientConn) error {
	client := echopb.NewEchoClient(conn)
	var err error
	for i := 0; i < 3; i++ {
		if _, err = client.Echo(ctx, &echopb.EchoRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// Connections that do not retry the call: no retryPolicy, a policy for
// another service or method, retries turned off, an interceptor without
// WithMax (its default is no retry), an interceptor turned off for the call,
// a unary interceptor under a streaming call.
const roundRobin = `{"loadBalancingConfig": [{"round_robin": {}}]}`

const retryAdmin = `{"methodConfig": [{"name": [{"service": "echo.Admin"}, {"service": "echo.Echo", "method": "Watch"}], "retryPolicy": {"maxAttempts": 4,
	"initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func notRetrying(ctx context.Context, which int) error {
	var conn *grpc.ClientConn
	switch which {
	case 0:
		conn, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(roundRobin))
	case 1:
		conn, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(retryAdmin))
	case 2:
		conn, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(retryEverything), grpc.WithDisableRetry())
	case 3: // retries, but not every connection the client may use does
		conn, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(retryEverything))
	default:
		conn, _ = grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor()))
	}
	client := echopb.NewEchoClient(conn)
	var err error
	for i := 0; i < 3; i++ {
		if _, err = client.Echo(ctx, &echopb.EchoRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

func disabledForTheCall(ctx context.Context) error {
	conn, _ := grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))))
	client := echopb.NewEchoClient(conn)
	var err error
	for i := 0; i < 3; i++ {
		if _, err = client.Echo(ctx, &echopb.EchoRequest{}, grpc_retry.Disable()); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

func streamUnderUnaryInterceptor(ctx context.Context) error {
	conn, _ := grpc.NewClient("x", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))))
	client := echopb.NewEchoClient(conn)
	var err error
	for i := 0; i < 3; i++ {
		if _, err = client.Watch(ctx, &echopb.EchoRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// A field set in two places, one of them from the caller: unknown.
type Relay struct {
	echo echopb.EchoClient
}

func NewRelay(addr string) *Relay {
	conn, _ := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(retryEverything))
	return &Relay{echo: echopb.NewEchoClient(conn)}
}

func NewRelayOn(conn *grpc.ClientConn) *Relay {
	return &Relay{echo: echopb.NewEchoClient(conn)}
}

func (r *Relay) Send(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = r.echo.Echo(ctx, &echopb.EchoRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
