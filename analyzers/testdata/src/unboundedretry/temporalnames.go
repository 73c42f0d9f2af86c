package unboundedretry

import (
	"context"
	"fmt"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"
	"go.temporal.io/sdk/workflow"
)

// An activity named by a string is the function or method registered under
// that name, by default its own: the package's function of that name is the
// attempt. A name the package does not declare stays out of reach.

// ChargeByName reaches the payment service.
func ChargeByName(ctx context.Context, id string) error { reach(); return nil }

func temporalNamedRemote(ctx workflow.Context) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, "ChargeByName", "42").Get(ctx, nil) // want `workflow.ExecuteActivity retries until the callback succeeds \(workflow.ActivityOptions\{…\}\), with no attempt or time limit`
}

// A dynamic activity: no function of the package has the name.
func temporalNamedElsewhere(ctx workflow.Context) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, "dynamic-activity-name", "42").Get(ctx, nil) // want `workflow.ExecuteActivity retries until the callback succeeds \(workflow.ActivityOptions\{…\}\), with no attempt or time limit`
}

type orderActivities struct{ choices []string }

// PrintChoice cannot fail against another system: it only prints.
func (a *orderActivities) PrintChoice(choice string) error {
	fmt.Printf("order choice: %v\n", choice)
	return nil
}

// Look-alike: the named activity stays in the process, so the server's
// retrying loads nobody.
func temporalNamedLocal(ctx workflow.Context) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, "PrintChoice", "apple").Get(ctx, nil)
}

var tracer = otel.Tracer("orders")

// tracedActivity records spans only: the tracing API stays in the process.
func tracedActivity(ctx context.Context, name string) error {
	span := trace.SpanFromContext(ctx)
	_, child := tracer.Start(ctx, "child")
	child.End()
	span.AddEvent("done " + name)
	return nil
}

// Look-alike: an activity that only traces.
func temporalTracedOnly(ctx workflow.Context) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, tracedActivity, "x").Get(ctx, nil)
}
