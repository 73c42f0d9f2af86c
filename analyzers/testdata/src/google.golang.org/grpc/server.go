package grpc

// Server is a gRPC server.
type Server struct{}

// ServerOption configures a Server.
type ServerOption interface{}

func NewServer(opts ...ServerOption) *Server { panic("stub") }

// Serve takes a net.Listener in the library; the stub takes any value, so
// that it imports no package of the network as the rest of the stub does not.
func (s *Server) Serve(lis any) error { panic("stub") }

func (s *Server) Stop() {}
