// Package grpc is a stub of google.golang.org/grpc (v1.85.0) for analysistest (reduced).
// ClientConn.Invoke/NewStream are external calls; gRPC retries transparently and per
// the service config's retryPolicy (WithDisableRetry turns it off). Dial options that
// need the credentials packages are left out.
package grpc

import (
	"context"

	"google.golang.org/grpc/metadata"
)

type callInfo struct{}
type csAttempt struct{}
type dialOptions struct{}

// CallOption configures a call.
type CallOption interface {
	before(*callInfo) error
	after(*callInfo, *csAttempt)
}

// EmptyCallOption is a CallOption that does nothing.
type EmptyCallOption struct{}

func (EmptyCallOption) before(*callInfo) error      { return nil }
func (EmptyCallOption) after(*callInfo, *csAttempt) {}

func Header(md *metadata.MD) CallOption         { return EmptyCallOption{} }
func WaitForReady(waitForReady bool) CallOption { return EmptyCallOption{} }

// DialOption configures a ClientConn.
type DialOption interface {
	apply(*dialOptions)
}

type funcDialOption struct{ f func(*dialOptions) }

func (fdo *funcDialOption) apply(do *dialOptions) { fdo.f(do) }

func WithDefaultServiceConfig(s string) DialOption {
	return &funcDialOption{func(*dialOptions) {}}
}

func WithDisableRetry() DialOption { return &funcDialOption{func(*dialOptions) {}} }

func WithMaxCallAttempts(n int) DialOption { return &funcDialOption{func(*dialOptions) {}} }

// UnaryInvoker is called by a UnaryClientInterceptor to complete the RPC.
type UnaryInvoker func(ctx context.Context, method string, req, reply any, cc *ClientConn, opts ...CallOption) error

// UnaryClientInterceptor intercepts the execution of a unary RPC on the client.
type UnaryClientInterceptor func(ctx context.Context, method string, req, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

// Streamer is called by a StreamClientInterceptor to create a ClientStream.
type Streamer func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, opts ...CallOption) (ClientStream, error)

// StreamClientInterceptor intercepts the creation of a ClientStream.
type StreamClientInterceptor func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, streamer Streamer, opts ...CallOption) (ClientStream, error)

func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption {
	return &funcDialOption{func(*dialOptions) {}}
}

func WithChainUnaryInterceptor(interceptors ...UnaryClientInterceptor) DialOption {
	return &funcDialOption{func(*dialOptions) {}}
}

func WithStreamInterceptor(f StreamClientInterceptor) DialOption {
	return &funcDialOption{func(*dialOptions) {}}
}

func WithChainStreamInterceptor(interceptors ...StreamClientInterceptor) DialOption {
	return &funcDialOption{func(*dialOptions) {}}
}

// ServerStreamingClient is the client side of a server-streaming RPC.
type ServerStreamingClient[Res any] interface {
	Recv() (*Res, error)
	ClientStream
}

// ServerStream is the server side of a stream.
type ServerStream interface {
	SetHeader(metadata.MD) error
	SendHeader(metadata.MD) error
	SetTrailer(metadata.MD)
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

// StreamHandler handles a server stream.
type StreamHandler func(srv any, stream ServerStream) error

// StreamDesc describes a streaming RPC.
type StreamDesc struct {
	StreamName    string
	Handler       StreamHandler
	ServerStreams bool
	ClientStreams bool
}

// ClientStream is the client side of a stream.
type ClientStream interface {
	Header() (metadata.MD, error)
	Trailer() metadata.MD
	CloseSend() error
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

// ClientConnInterface is what generated clients call.
type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

// ClientConn is a client connection.
type ClientConn struct{}

func NewClient(target string, opts ...DialOption) (conn *ClientConn, err error) { panic("stub") }

func Dial(target string, opts ...DialOption) (*ClientConn, error) { panic("stub") }

func DialContext(ctx context.Context, target string, opts ...DialOption) (conn *ClientConn, err error) {
	panic("stub")
}

func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}

func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}

func (cc *ClientConn) Close() error { return nil }
