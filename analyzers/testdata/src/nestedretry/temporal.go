package nestedretry

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

func chargeActivity(ctx context.Context, id string) error { reach(); return nil }

// A workflow loop around an activity that Temporal already retries.
func temporalLoopAroundActivity(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	var err error
	for i := 0; i < 3; i++ {
		err = workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil) // want `retry loop \(3 attempts\) around workflow.ExecuteActivity, which retries on its own \(retry helper, 5 attempts\): 3 × 5 = 15 attempts`
		if err == nil {
			return nil
		}
		workflow.Sleep(ctx, time.Duration(i+1)*time.Minute)
	}
	return err
}

// Look-alike: MaximumAttempts 1 leaves the workflow's loop the only layer.
func temporalLoopSingleAttempt(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	var err error
	for i := 0; i < 3; i++ {
		err = workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
		if err == nil {
			return nil
		}
		workflow.Sleep(ctx, time.Duration(i+1)*time.Minute)
	}
	return err
}
