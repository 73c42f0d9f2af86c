// Package errors is a stub of k8s.io/apimachinery/pkg/api/errors (v0.37.2) for analysistest.
package errors

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// StatusError is an error returned by the API server.
type StatusError struct {
	ErrStatus metav1.Status
}

func (e *StatusError) Error() string         { return e.ErrStatus.Message }
func (e *StatusError) Status() metav1.Status { return e.ErrStatus }

func IsNotFound(err error) bool                   { return false }
func IsAlreadyExists(err error) bool              { return false }
func IsConflict(err error) bool                   { return false }
func IsInvalid(err error) bool                    { return false }
func IsGone(err error) bool                       { return false }
func IsResourceExpired(err error) bool            { return false }
func IsNotAcceptable(err error) bool              { return false }
func IsUnsupportedMediaType(err error) bool       { return false }
func IsMethodNotSupported(err error) bool         { return false }
func IsServiceUnavailable(err error) bool         { return false }
func IsBadRequest(err error) bool                 { return false }
func IsUnauthorized(err error) bool               { return false }
func IsForbidden(err error) bool                  { return false }
func IsTimeout(err error) bool                    { return false }
func IsServerTimeout(err error) bool              { return false }
func IsInternalError(err error) bool              { return false }
func IsTooManyRequests(err error) bool            { return false }
func IsRequestEntityTooLargeError(err error) bool { return false }
func IsUnexpectedServerError(err error) bool      { return false }
func IsUnexpectedObjectError(err error) bool      { return false }
func IsStoreReadError(err error) bool             { return false }
func SuggestsClientDelay(err error) (int, bool)   { return 0, false }
