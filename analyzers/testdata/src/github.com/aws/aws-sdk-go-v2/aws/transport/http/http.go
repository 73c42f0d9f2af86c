// Package http is a stub of github.com/aws/aws-sdk-go-v2/aws/transport/http:
// the response error of every failed operation (reduced: the smithy
// ResponseError it embeds is folded in).
package http

// ResponseError wraps an operation's error with its HTTP response.
type ResponseError struct {
	StatusCode int
	Err        error
}

func (e *ResponseError) Error() string       { return e.Err.Error() }
func (e *ResponseError) Unwrap() error       { return e.Err }
func (e *ResponseError) HTTPStatusCode() int { return e.StatusCode }
