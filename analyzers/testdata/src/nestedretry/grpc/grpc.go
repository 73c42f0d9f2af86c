// Package grpc holds nestedretry's cases for gRPC calls in a retry loop on a
// connection that retries them already.
package grpc

import (
	"context"
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc"

	"example.com/grpcecho/echoclient"
	"example.com/grpcecho/echopb"
)

const retryEverything = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 4,
	"initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

// The connection, the client and the loop in one function.
func echoLoop(ctx context.Context) error {
	conn, err := grpc.NewClient("dns:///echo", grpc.WithDefaultServiceConfig(retryEverything))
	if err != nil {
		return err
	}
	client := echopb.NewEchoClient(conn)
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around client.Echo, which retries on its own \(gRPC retry policy, 4 attempts\): 3 × 4 = 12 attempts; keep a single retry layer`
		if _, err = client.Echo(ctx, &echopb.EchoRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// A client kept in a field, set in the constructor from a connection with a
// retry interceptor.
type Server struct {
	echo echopb.EchoClient
}

func NewServer(addr string) (*Server, error) {
	opts := []grpc.DialOption{
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))),
	}
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return nil, err
	}
	return &Server{echo: echopb.NewEchoClient(conn)}, nil
}

func (s *Server) Send(ctx context.Context, msg string) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) around s.echo.Echo, which retries on its own \(grpc_retry interceptor, 3 attempts\): 5 × 3 = 15 attempts`
		if _, err = s.echo.Echo(ctx, &echopb.EchoRequest{Message: msg}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// The connection made by a function of the package, and Invoke with the full
// method name: the policy names the service and the method.
const retryEcho = `{"methodConfig": [{"name": [{"service": "echo.Echo", "method": "Echo"}], "retryPolicy": {"maxAttempts": 9,
	"initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func dial(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithDefaultServiceConfig(retryEcho))
}

func invokeLoop(ctx context.Context) error {
	conn, err := dial("echo:443")
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around conn.Invoke, which retries on its own \(gRPC retry policy, 5 attempts\): 3 × 5 = 15 attempts`
		if err = conn.Invoke(ctx, "/echo.Echo/Echo", nil, nil); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// A function of another package whose connection retries (the Retries fact).
func pingLoop(ctx context.Context, c *echoclient.Client) error {
	var err error
	for i := 0; i < 2; i++ { // want `retry loop \(2 attempts\) around c.Ping, which retries on its own \(gRPC retry policy, 3 attempts\): 2 × 3 = 6 attempts`
		if err = c.Ping(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
