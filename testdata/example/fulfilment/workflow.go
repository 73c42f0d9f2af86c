// Package fulfilment is the Temporal workflow that hands a paid order to the
// warehouse. The Temporal server retries its activities after a failure, by
// the RetryPolicy of the activity options: forever, unless told otherwise.
package fulfilment

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Activities reach the warehouse service.
type Activities struct {
	HTTP         *http.Client
	WarehouseURL string
}

// NotifyWarehouse tells the warehouse to pick an order. A busy warehouse is
// asked again after the delay it gives; a rejection is final.
func (a *Activities) NotifyWarehouse(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, a.WarehouseURL+"/picks/"+url.PathEscape(orderID), nil)
	if err != nil {
		return err
	}
	resp, err := a.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable:
		return temporal.NewApplicationErrorWithOptions("warehouse busy", "WarehouseBusy",
			temporal.ApplicationErrorOptions{NextRetryDelay: retryAfter(resp)})
	case resp.StatusCode >= 500:
		return fmt.Errorf("warehouse: %s", resp.Status)
	case resp.StatusCode >= 300:
		return temporal.NewNonRetryableApplicationError("warehouse: "+resp.Status, "WarehouseRejected", nil)
	}
	return nil
}

// retryAfter is the delay a busy warehouse asks for (whole seconds), at most a minute.
func retryAfter(resp *http.Response) time.Duration {
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || s < 0 {
		return 0
	}
	return min(time.Duration(s)*time.Second, time.Minute)
}

// ReleaseHold lifts the warehouse's hold on an order; any answer but a
// success becomes an ordinary error, a rejection (404, 403) and a busy
// warehouse's 503 alike.
func (a *Activities) ReleaseHold(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, a.WarehouseURL+"/holds/"+url.PathEscape(orderID), nil)
	if err != nil {
		return err
	}
	resp, err := a.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 { // BAD: retryafter
		return fmt.Errorf("warehouse: %s", resp.Status)
	}
	return nil
}

// Fulfil hands the order to the warehouse with Temporal's default retry
// policy: no attempt cap and no ScheduleToCloseTimeout, so a warehouse that is
// down for good keeps the workflow retrying forever.
func Fulfil(ctx workflow.Context, orderID string) error {
	var a *Activities
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, a.NotifyWarehouse, orderID).Get(ctx, nil) // BAD: unboundedretry
}

// Release lifts the hold with a capped policy, but every failure is retried
// alike: a 404 for an order the warehouse never held is tried eight times.
func Release(ctx workflow.Context, orderID string) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 8},
	})
	return workflow.ExecuteActivity(ctx, a.ReleaseHold, orderID).Get(ctx, nil) // BAD: retryall
}

// FulfilSteady caps the attempts but waits the same 10 s before each one.
func FulfilSteady(ctx workflow.Context, orderID string) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        10 * time.Second,
			BackoffCoefficient:     1,
			MaximumAttempts:        8,
			NonRetryableErrorTypes: []string{"WarehouseRejected"},
		},
	})
	return workflow.ExecuteActivity(ctx, a.NotifyWarehouse, orderID).Get(ctx, nil) // BAD: fixedsleep
}

// FulfilBounded is Fulfil and FulfilSteady done right: a few attempts, growing
// waits (the default coefficient 2.0), and the warehouse's rejection left
// unretried (as NotifyWarehouse marks it, and in the policy).
func FulfilBounded(ctx workflow.Context, orderID string) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{ // GOOD: unboundedretry, retryall, fixedsleep
			InitialInterval:        time.Second,
			MaximumAttempts:        8,
			NonRetryableErrorTypes: []string{"WarehouseRejected"},
		},
	})
	return workflow.ExecuteActivity(ctx, a.NotifyWarehouse, orderID).Get(ctx, nil)
}
