// Package status is a stub of google.golang.org/grpc/internal/status (grpc v1.85.0),
// where the Status type aliased by google.golang.org/grpc/status is defined.
package status

import "google.golang.org/grpc/codes"

// Status is a gRPC status.
type Status struct {
	code codes.Code
	msg  string
}

func New(c codes.Code, msg string) *Status { return &Status{code: c, msg: msg} }

func (s *Status) Code() codes.Code {
	if s == nil {
		return codes.OK
	}
	return s.code
}
func (s *Status) Message() string { return s.msg }
func (s *Status) Err() error      { return nil }
func (s *Status) Details() []any  { return nil }
