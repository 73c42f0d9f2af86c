package retryall

import (
	"context"
	"errors"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

type Activities struct{}

// Charge reaches the payment service and returns every error as it is.
func (a *Activities) Charge(ctx context.Context, id string) error { return send() }

// Refund marks the errors that cannot succeed.
func (a *Activities) Refund(ctx context.Context, id string) error {
	if err := send(); err != nil {
		if errors.Is(err, ErrNotFound) {
			return temporal.NewNonRetryableApplicationError("no such charge", "NotFound", err)
		}
		return err
	}
	return nil
}

// Audit stays in the process.
func (a *Activities) Audit(ctx context.Context, id string) error {
	if id == "" {
		return errors.New("empty id")
	}
	return nil
}

func temporalEveryError(ctx workflow.Context) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	return workflow.ExecuteActivity(ctx, a.Charge, "42").Get(ctx, nil) // want `workflow.ExecuteActivity retries every error the callback returns: list the errors that cannot succeed in RetryPolicy.NonRetryableErrorTypes, or return temporal.NewNonRetryableApplicationError for them`
}

// Look-alikes: NonRetryableErrorTypes, an activity that marks its permanent
// errors, one that stays in the process, one out of reach (another package, a
// name), and a policy with a single attempt.

func temporalNonRetryableTypes(ctx workflow.Context) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5, NonRetryableErrorTypes: []string{"NotFound"}},
	})
	return workflow.ExecuteActivity(ctx, a.Charge, "42").Get(ctx, nil)
}

func temporalMarksPermanent(ctx workflow.Context) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, a.Refund, "42").Get(ctx, nil)
}

func temporalLocalWork(ctx workflow.Context) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, a.Audit, "42").Get(ctx, nil)
}

func temporalByName(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, "Charge", "42").Get(ctx, nil)
}

func temporalOpaque(ctx workflow.Context, activity func(context.Context, string) error) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, activity, "42").Get(ctx, nil)
}

func temporalSingleAttempt(ctx workflow.Context) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(ctx, a.Charge, "42").Get(ctx, nil)
}

// Greet only logs through the SDK, whose package reaches the network: the
// logger stays in the process (knowledge base local_calls).
func (a *Activities) Greet(ctx context.Context, name string) (string, error) {
	activity.GetLogger(ctx).Info("greeting", "name", name)
	return "Hello " + name, nil
}

func temporalLogsOnly(ctx workflow.Context) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, a.Greet, "you").Get(ctx, nil)
}
