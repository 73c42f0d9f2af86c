package unboundedretry

import (
	"context"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// chargeActivity reaches the payment service.
func chargeActivity(ctx context.Context, id string) error { reach(); return nil }

// Temporal retries an activity forever by default; StartToCloseTimeout bounds
// one attempt, not the retrying.
func temporalDefaultPolicy(ctx workflow.Context) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil) // want `workflow.ExecuteActivity retries until the callback succeeds \(workflow.ActivityOptions\{…\}\), with no attempt or time limit: set RetryPolicy.MaximumAttempts or a ScheduleToCloseTimeout`
}

func temporalZeroAttempts(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval: time.Second,
			MaximumAttempts: 0,
		},
	})
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil) // want `workflow.ExecuteActivity retries until the callback succeeds \(MaximumAttempts: 0\)`
}

func temporalPolicyWithoutCap(ctx workflow.Context) error {
	rp := &temporal.RetryPolicy{InitialInterval: time.Second}
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: rp}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil) // want `workflow.ExecuteActivity retries until the callback succeeds \(temporal.RetryPolicy\{…\}\)`
}

// A child workflow with a RetryPolicy and no execution timeout has no bound.
func temporalChildForever(ctx workflow.Context) error {
	cwo := workflow.ChildWorkflowOptions{RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 0}}
	ctx = workflow.WithChildOptions(ctx, cwo)
	return workflow.ExecuteChildWorkflow(ctx, childWorkflow).Get(ctx, nil) // want `workflow.ExecuteChildWorkflow retries until the callback succeeds \(MaximumAttempts: 0\), with no attempt or time limit: set RetryPolicy.MaximumAttempts or a WorkflowExecutionTimeout`
}

func childWorkflow(ctx workflow.Context) error {
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

func temporalStartForever(ctx context.Context, c client.Client) error {
	_, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ // want `Client.ExecuteWorkflow retries until the callback succeeds \(temporal.RetryPolicy\{…\}\), with no attempt or time limit: set RetryPolicy.MaximumAttempts or a WorkflowExecutionTimeout$`
		TaskQueue:   "payments",
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second},
	}, childWorkflow)
	return err
}

// Look-alikes: a cap, a ScheduleToCloseTimeout, a WorkflowExecutionTimeout, a
// child workflow or workflow without a RetryPolicy (not retried), a local
// activity (always time-limited), options built elsewhere, and two option
// literals on one context variable.

func temporalCapped(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

func temporalScheduleToClose(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout:    time.Minute,
		ScheduleToCloseTimeout: time.Hour,
	})
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

func temporalScheduleToCloseSetter(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	ctx = workflow.WithScheduleToCloseTimeout(ctx, time.Hour)
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

func temporalChildNoPolicy(ctx workflow.Context) error {
	ctx = workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{TaskQueue: "payments"})
	return workflow.ExecuteChildWorkflow(ctx, childWorkflow).Get(ctx, nil)
}

func temporalChildTimeout(ctx workflow.Context) error {
	ctx = workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowExecutionTimeout: 24 * time.Hour,
		RetryPolicy:              &temporal.RetryPolicy{},
	})
	return workflow.ExecuteChildWorkflow(ctx, childWorkflow).Get(ctx, nil)
}

func temporalStartNoPolicy(ctx context.Context, c client.Client) error {
	_, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{TaskQueue: "payments"}, childWorkflow)
	return err
}

func temporalLocal(ctx workflow.Context) error {
	ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteLocalActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

func temporalOptionsFromCaller(ctx workflow.Context) error {
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

func temporalPolicyFromElsewhere(ctx workflow.Context, rp *temporal.RetryPolicy) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: rp})
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

func temporalTwoOptions(ctx workflow.Context, fast bool) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	if fast {
		ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Second})
	}
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}

// A child's options on the same context do not count as the activity's.
func temporalChildPolicyBeside(ctx workflow.Context) error {
	ctx = workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{WorkflowExecutionTimeout: time.Hour, RetryPolicy: &temporal.RetryPolicy{}})
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 3},
	})
	return workflow.ExecuteActivity(ctx, chargeActivity, "42").Get(ctx, nil)
}
