// Package workflow is a reduced stub of go.temporal.io/sdk/workflow (v1.51.0):
// the option types, the context setters and the Execute* calls.
package workflow

import (
	"time"

	"go.temporal.io/sdk/internal"
	"go.temporal.io/sdk/temporal"
)

type (
	Context              = internal.Context
	Future               = internal.Future
	ChildWorkflowFuture  = internal.ChildWorkflowFuture
	ActivityOptions      = internal.ActivityOptions
	LocalActivityOptions = internal.LocalActivityOptions
	ChildWorkflowOptions = internal.ChildWorkflowOptions
)

func WithActivityOptions(ctx Context, options ActivityOptions) Context { panic("stub") }

func WithLocalActivityOptions(ctx Context, options LocalActivityOptions) Context { panic("stub") }

func WithScheduleToCloseTimeout(ctx Context, d time.Duration) Context { panic("stub") }

func WithStartToCloseTimeout(ctx Context, d time.Duration) Context { panic("stub") }

func WithRetryPolicy(ctx Context, retryPolicy temporal.RetryPolicy) Context { panic("stub") }

func WithChildOptions(ctx Context, cwo ChildWorkflowOptions) Context { panic("stub") }

func ExecuteActivity(ctx Context, activity any, args ...any) Future { panic("stub") }

func ExecuteLocalActivity(ctx Context, activity any, args ...any) Future { panic("stub") }

func ExecuteChildWorkflow(ctx Context, childWorkflow any, args ...any) ChildWorkflowFuture {
	panic("stub")
}

func Sleep(ctx Context, d time.Duration) (err error) { panic("stub") }

func NewTimer(ctx Context, d time.Duration) Future { panic("stub") }

func Go(ctx Context, f func(ctx Context)) { panic("stub") }
