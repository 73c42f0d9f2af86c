package nojitter

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

func shipActivity(ctx context.Context, id string) error { reach(); return nil }

// Temporal's retry waits grow without a random part, and RetryPolicy has no
// setting that adds one: nojitter has no advice to give (lib_temporal.go).
func temporalExponential(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{BackoffCoefficient: 3, MaximumAttempts: 10},
	})
	return workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil)
}

func temporalDefault(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil)
}
