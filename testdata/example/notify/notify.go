// Package notify sends order notifications over gRPC. Its connections retry on
// their own: a service config's retryPolicy, or go-grpc-middleware's retry
// interceptor.
package notify

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
)

const sendMethod = "/notify.v1.Notifier/Send"

// serviceConfig retries Send on UNAVAILABLE only, with a growing wait (grpc-go
// adds the jitter).
const serviceConfig = `{"methodConfig": [{"name": [{"service": "notify.v1.Notifier"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.2s", "maxBackoff": "2s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

// strictConfig also retries INVALID_ARGUMENT: a request the notifier rejected
// is sent three more times, and rejected three more times.
const strictConfig = `{"methodConfig": [{"name": [{"service": "notify.v1.Notifier"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.2s", "maxBackoff": "2s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE", "INVALID_ARGUMENT"]}}]}` // BAD: retryall

// Client sends notifications on a connection that retries Send.
type Client struct {
	conn *grpc.ClientConn
}

// New dials the notifier with serviceConfig.
func New(addr string) (*Client, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithDefaultServiceConfig(serviceConfig)) // GOOD: retryall
	if err != nil {
		return nil, err
	}
	return &Client{conn: conn}, nil
}

// NewStrict dials the notifier with strictConfig.
func NewStrict(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithDefaultServiceConfig(strictConfig))
}

// Notify retries around a call the connection already retries: up to 3 × 4
// requests for one notification.
func (c *Client) Notify(ctx context.Context, msg any) error {
	var err error
	for attempt := range 3 { // BAD: nestedretry
		if err = c.conn.Invoke(ctx, sendMethod, msg, nil); err == nil || status.Code(err) != codes.Unavailable {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second << attempt)):
		}
	}
	return err
}

// Send leaves the retrying to the connection: a single retry layer.
func (c *Client) Send(ctx context.Context, msg any) error {
	return c.conn.Invoke(ctx, sendMethod, msg, nil) // GOOD: nestedretry
}

// NewLegacy dials with the retry interceptor and a constant wait: every client
// that lost the notifier comes back 100ms later, together, ten times over.
func NewLegacy(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(10), retry.WithBackoff(retry.BackoffLinear(100*time.Millisecond))))) // BAD: fixedsleep
}

// NewLegacyJittered is NewLegacy with a growing, jittered wait.
func NewLegacyJittered(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithBackoff(retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2))))) // GOOD: fixedsleep
}
