// Package client is a reduced stub of go.temporal.io/sdk/client (v1.51.0):
// Client with ExecuteWorkflow, and StartWorkflowOptions.
package client

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type (
	StartWorkflowOptions = internal.StartWorkflowOptions
	WorkflowRun          = internal.WorkflowRun

	Client interface {
		ExecuteWorkflow(ctx context.Context, options StartWorkflowOptions, workflow any, args ...any) (WorkflowRun, error)
		Close()
	}
)
