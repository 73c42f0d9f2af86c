// Package internal is a reduced stub of go.temporal.io/sdk/internal (v1.51.0):
// the types the public packages expose as aliases, with their real fields (the
// retry and timeout ones; the others left out), and the functions behind the
// public wrappers.
package internal

import (
	"context"
	"time"
)

type (
	// RetryPolicy is exposed as temporal.RetryPolicy.
	RetryPolicy struct {
		InitialInterval        time.Duration
		BackoffCoefficient     float64
		MaximumInterval        time.Duration
		MaximumAttempts        int32
		NonRetryableErrorTypes []string
	}

	// ActivityOptions is exposed as workflow.ActivityOptions.
	ActivityOptions struct {
		TaskQueue              string
		ScheduleToCloseTimeout time.Duration
		ScheduleToStartTimeout time.Duration
		StartToCloseTimeout    time.Duration
		HeartbeatTimeout       time.Duration
		WaitForCancellation    bool
		ActivityID             string
		RetryPolicy            *RetryPolicy
		DisableEagerExecution  bool
		Summary                string
	}

	// LocalActivityOptions is exposed as workflow.LocalActivityOptions.
	LocalActivityOptions struct {
		ScheduleToCloseTimeout time.Duration
		StartToCloseTimeout    time.Duration
		RetryPolicy            *RetryPolicy
		Summary                string
	}

	// ChildWorkflowOptions is exposed as workflow.ChildWorkflowOptions.
	ChildWorkflowOptions struct {
		Namespace                string
		WorkflowID               string
		TaskQueue                string
		WorkflowExecutionTimeout time.Duration
		WorkflowRunTimeout       time.Duration
		WorkflowTaskTimeout      time.Duration
		WaitForCancellation      bool
		RetryPolicy              *RetryPolicy
		CronSchedule             string
	}

	// StartWorkflowOptions is exposed as client.StartWorkflowOptions.
	StartWorkflowOptions struct {
		ID                       string
		TaskQueue                string
		WorkflowExecutionTimeout time.Duration
		WorkflowRunTimeout       time.Duration
		WorkflowTaskTimeout      time.Duration
		RetryPolicy              *RetryPolicy
		CronSchedule             string
		StartDelay               time.Duration
	}

	// ApplicationErrorOptions is exposed as temporal.ApplicationErrorOptions.
	ApplicationErrorOptions struct {
		NonRetryable   bool
		Cause          error
		Details        []any
		NextRetryDelay time.Duration
	}

	// Context is exposed as workflow.Context.
	Context interface {
		Deadline() (deadline time.Time, ok bool)
		Done() Channel
		Err() error
		Value(key any) any
	}

	// Channel is exposed as workflow.Channel (reduced).
	Channel interface {
		Receive(ctx Context, valuePtr any) (more bool)
	}

	// Future is exposed as workflow.Future.
	Future interface {
		Get(ctx Context, valuePtr any) error
		IsReady() bool
	}

	// ChildWorkflowFuture is exposed as workflow.ChildWorkflowFuture.
	ChildWorkflowFuture interface {
		Future
		GetChildWorkflowExecution() Future
	}

	// WorkflowRun is exposed as client.WorkflowRun (reduced).
	WorkflowRun interface {
		GetID() string
		GetRunID() string
		Get(ctx context.Context, valuePtr any) error
	}
)
