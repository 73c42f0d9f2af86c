// Package failsafe is a stub of github.com/failsafe-go/failsafe-go (v0.9.8) for analysistest.
// Since v0.9.0 the package-level Run/Get/NewExecutor are gone: failsafe.With(policies...)
// returns an Executor whose Run/Get/... methods run the function under the policies.
package failsafe

import (
	"context"
	"time"
)

// Policy handles execution failures.
type Policy[R any] interface {
	ToExecutor(typeToken R) any
}

// ResultAgnosticPolicy is a Policy that works with any result type.
type ResultAgnosticPolicy[R any] interface {
	Policy[R]
	ResultAgnostic()
}

// FailurePolicyBuilder configures which results and errors are failures.
type FailurePolicyBuilder[S any, R any] interface {
	HandleErrors(errs ...error) S
	HandleErrorTypes(errs ...any) S
	HandleResult(result R) S
	HandleIf(predicate func(R, error) bool) S
	OnSuccess(listener func(ExecutionEvent[R])) S
	OnFailure(listener func(ExecutionEvent[R])) S
}

// DelayFunc returns the delay before the next attempt.
type DelayFunc[R any] func(exec ExecutionAttempt[R]) time.Duration

// DelayablePolicyBuilder configures the delay between attempts.
type DelayablePolicyBuilder[S any, R any] interface {
	WithDelay(delay time.Duration) S
	WithDelayFunc(delayFunc DelayFunc[R]) S
}

// ExecutionInfo describes an execution.
type ExecutionInfo interface {
	Context() context.Context
	Attempts() int
	Executions() int
	Retries() int
	Hedges() int
	StartTime() time.Time
	ElapsedTime() time.Duration
}

// ExecutionAttempt describes one attempt.
type ExecutionAttempt[R any] interface {
	ExecutionInfo
	LastResult() R
	LastError() error
	IsFirstAttempt() bool
	IsRetry() bool
	IsHedge() bool
	AttemptStartTime() time.Time
	ElapsedAttemptTime() time.Duration
}

// Execution is passed to functions run with RunWithExecution/GetWithExecution.
type Execution[R any] interface {
	ExecutionAttempt[R]
	IsCanceled() bool
	Canceled() <-chan struct{}
}

// ExecutionEvent is passed to policy listeners.
type ExecutionEvent[R any] struct {
	ExecutionAttempt[R]
}

// ExecutionScheduledEvent is passed to listeners of scheduled retries.
type ExecutionScheduledEvent[R any] struct {
	ExecutionAttempt[R]
	Delay time.Duration
}

// ExecutionDoneEvent is passed to executor listeners.
type ExecutionDoneEvent[R any] struct {
	ExecutionInfo
	Result R
	Error  error
}

// ExecutionResult is the result of an async execution.
type ExecutionResult[R any] interface {
	Done() <-chan any
	IsDone() bool
	Get() (R, error)
	Result() R
	Error() error
	Cancel()
}

// Executor runs functions under its policies.
type Executor[R any] interface {
	Compose(innerPolicy Policy[R]) Executor[R]
	ComposeAny(innerPolicy ResultAgnosticPolicy[any]) Executor[R]
	Context() context.Context
	WithContext(ctx context.Context) Executor[R]
	OnDone(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnSuccess(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnFailure(listener func(ExecutionDoneEvent[R])) Executor[R]
	Run(fn func() error) error
	RunWithExecution(fn func(exec Execution[R]) error) error
	Get(fn func() (R, error)) (R, error)
	GetWithExecution(fn func(exec Execution[R]) (R, error)) (R, error)
	RunAsync(fn func() error) ExecutionResult[R]
	RunAsyncWithExecution(fn func(exec Execution[R]) error) ExecutionResult[R]
	GetAsync(fn func() (R, error)) ExecutionResult[R]
	GetAsyncWithExecution(fn func(exec Execution[R]) (R, error)) ExecutionResult[R]
}

// With returns an Executor composing the policies around the function, outermost first.
func With[R any](policies ...Policy[R]) Executor[R] { panic("stub") }

// WithAny returns an Executor for a result-agnostic policy.
func WithAny[R any](policy ResultAgnosticPolicy[any]) Executor[R] { panic("stub") }
