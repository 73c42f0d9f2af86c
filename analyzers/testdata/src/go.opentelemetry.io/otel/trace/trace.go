// Package trace is a stub of go.opentelemetry.io/otel/trace (reduced): the
// tracing API, whose spans an SDK exports in the background.
package trace

import "context"

// Span is one traced operation.
type Span interface {
	End()
	AddEvent(name string)
	SetName(name string)
}

// Tracer starts spans.
type Tracer interface {
	Start(ctx context.Context, name string) (context.Context, Span)
}

func SpanFromContext(ctx context.Context) Span { panic("stub") }

func ContextWithSpan(ctx context.Context, s Span) context.Context { return ctx }
