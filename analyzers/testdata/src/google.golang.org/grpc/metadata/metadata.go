// Package metadata is a stub of google.golang.org/grpc/metadata (grpc v1.85.0).
package metadata

import "context"

// MD is a metadata map.
type MD map[string][]string

func New(m map[string]string) MD           { return MD{} }
func Pairs(kv ...string) MD                { return MD{} }
func (md MD) Get(k string) []string        { return md[k] }
func (md MD) Set(k string, vals ...string) { md[k] = vals }

func AppendToOutgoingContext(ctx context.Context, kv ...string) context.Context { return ctx }
func NewOutgoingContext(ctx context.Context, md MD) context.Context             { return ctx }
