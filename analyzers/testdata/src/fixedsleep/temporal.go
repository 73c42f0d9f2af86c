package fixedsleep

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

func shipActivity(ctx context.Context, id string) error { reach(); return nil }

// BackoffCoefficient 1 makes the server wait InitialInterval before every attempt.
func temporalConstant(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    5 * time.Second,
			BackoffCoefficient: 1,
			MaximumAttempts:    10,
		},
	})
	return workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil) // want `workflow.ExecuteActivity waits the same delay before every attempt: set BackoffCoefficient above 1 \(Temporal's default is 2.0\)`
}

// Look-alikes: the default coefficient, a growing one, a policy that does not
// retry at all, and a workflow loop around an activity that waits with
// workflow.Sleep (a wait, not a hot retry).

func temporalDefaultCoefficient(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: 5 * time.Second, MaximumAttempts: 10},
	})
	return workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil)
}

func temporalGrowing(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{BackoffCoefficient: 1.5, MaximumAttempts: 10},
	})
	return workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil)
}

func temporalNoRetry(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{BackoffCoefficient: 1, MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil)
}

func temporalWorkflowLoop(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	for i := 0; i < 5; i++ {
		if err := workflow.ExecuteActivity(ctx, shipActivity, "42").Get(ctx, nil); err == nil {
			return nil
		}
		workflow.Sleep(ctx, time.Duration(1<<i)*time.Second)
	}
	return nil
}
