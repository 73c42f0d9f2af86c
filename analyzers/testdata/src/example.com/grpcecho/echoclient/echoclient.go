// Package echoclient wraps an echo connection that retries on its own: its
// functions carry the Retries fact to the packages that call them.
package echoclient

import (
	"context"

	"google.golang.org/grpc"

	"example.com/grpcecho/echopb"
)

const serviceConfig = `{"methodConfig": [{"name": [{"service": "echo.Echo"}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

// Client is an echo client.
type Client struct {
	echo echopb.EchoClient
}

// New dials the echo service.
func New(addr string) (*Client, error) {
	conn, err := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(serviceConfig))
	if err != nil {
		return nil, err
	}
	return &Client{echo: echopb.NewEchoClient(conn)}, nil
}

// Ping sends one echo.
func (c *Client) Ping(ctx context.Context) error {
	_, err := c.echo.Echo(ctx, &echopb.EchoRequest{Message: "ping"})
	return err
}
