package retryall

import (
	"context"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"
	"go.temporal.io/sdk/workflow"
)

var ordersTracer = otel.Tracer("orders")

// ChargeTraced reaches the payment service inside a span.
func ChargeTraced(ctx context.Context, id string) error {
	_, span := ordersTracer.Start(ctx, "charge")
	defer span.End()
	return send()
}

// Traced records spans only: the tracing API stays in the process.
func Traced(ctx context.Context, id string) error {
	span := trace.SpanFromContext(ctx)
	_, child := ordersTracer.Start(ctx, "child")
	child.End()
	span.AddEvent("done " + id)
	return nil
}

func temporalTraced(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	if err := workflow.ExecuteActivity(ctx, ChargeTraced, "42").Get(ctx, nil); err != nil { // want `workflow.ExecuteActivity retries every error the callback returns`
		return err
	}
	return workflow.ExecuteActivity(ctx, Traced, "42").Get(ctx, nil)
}
