// Package budget is a stub of github.com/failsafe-go/failsafe-go/budget (v0.9.8).
package budget

import (
	"errors"

	"github.com/failsafe-go/failsafe-go"
)

var ErrExceeded = errors.New("budget exceeded")

// Budget limits the rate of retries and hedges.
type Budget interface {
	Rate() float64
}

// Builder builds a Budget.
type Builder interface {
	WithMaxRate(maxRate float64) Builder
	WithMinConcurrency(minConcurrency uint) Builder
	OnBudgetExceeded(listener func(ExceededEvent)) Builder
	Build() Budget
}

type ExecutionType string

const (
	RetryExecution ExecutionType = "retry"
	HedgeExecution ExecutionType = "hedge"
)

// ExceededEvent is passed to OnBudgetExceeded listeners.
type ExceededEvent struct {
	ExecutionType ExecutionType
	failsafe.ExecutionInfo
	Budget
}

func New() Budget { panic("stub") }

func NewBuilder() Builder { panic("stub") }
