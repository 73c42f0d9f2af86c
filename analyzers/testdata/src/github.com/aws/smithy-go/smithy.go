// Package smithy is a stub of github.com/aws/smithy-go: the API error interface
// every modeled and unmodeled service error implements.
package smithy

// APIError is a service's error answer.
type APIError interface {
	error
	ErrorCode() string
	ErrorMessage() string
}
