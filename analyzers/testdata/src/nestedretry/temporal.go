package nestedretry

import (
	"context"
	"time"

	"go.temporal.io/sdk/client"
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
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around workflow.ExecuteActivity, which retries on its own \(retry helper, 5 attempts\): 3 × 5 = 15 attempts`
		err = workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
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

// Look-alike: a workflow started with options the analysis cannot pick (two
// literals on one variable) is not claimed to retry; workflows retry only
// when their options carry a RetryPolicy.
func startTwice(ctx context.Context, c client.Client, fast bool) error {
	opts := client.StartWorkflowOptions{TaskQueue: "a"}
	if fast {
		opts = client.StartWorkflowOptions{TaskQueue: "b"}
	}
	_, err := c.ExecuteWorkflow(ctx, opts, activityWorkflow)
	return err
}

func activityWorkflow(ctx workflow.Context) error {
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}
