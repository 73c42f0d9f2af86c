// Package status is a stub of google.golang.org/grpc/status (grpc v1.85.0).
// Status is an alias of google.golang.org/grpc/internal/status.Status, as in the real
// package.
package status

import (
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/internal/status"
)

// Status is a gRPC status.
type Status = status.Status

func New(c codes.Code, msg string) *Status               { return status.New(c, msg) }
func Error(c codes.Code, msg string) error               { return New(c, msg).Err() }
func Errorf(c codes.Code, format string, a ...any) error { return New(c, format).Err() }
func FromError(err error) (s *Status, ok bool)           { return nil, err == nil }
func Convert(err error) *Status                          { s, _ := FromError(err); return s }
func Code(err error) codes.Code                          { return codes.Unknown }
func FromContextError(err error) *Status                 { return nil }
