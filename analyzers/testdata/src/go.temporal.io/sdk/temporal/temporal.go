// Package temporal is a reduced stub of go.temporal.io/sdk/temporal (v1.51.0):
// RetryPolicy and the application-error constructors and tests.
package temporal

import "go.temporal.io/sdk/internal"

type RetryPolicy = internal.RetryPolicy

type ApplicationErrorOptions = internal.ApplicationErrorOptions

func NewApplicationErrorWithOptions(msg, errType string, options ApplicationErrorOptions) error {
	panic("stub")
}

func NewApplicationError(message, errType string, details ...any) error { panic("stub") }

func NewApplicationErrorWithCause(message, errType string, cause error, details ...any) error {
	panic("stub")
}

func NewNonRetryableApplicationError(message, errType string, cause error, details ...any) error {
	panic("stub")
}

func IsApplicationError(err error) bool { panic("stub") }

func IsCanceledError(err error) bool { panic("stub") }

func IsTimeoutError(err error) bool { panic("stub") }
