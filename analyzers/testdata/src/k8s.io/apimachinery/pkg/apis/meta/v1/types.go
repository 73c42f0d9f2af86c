// Package v1 is a stub of k8s.io/apimachinery/pkg/apis/meta/v1 (v0.37.2), reduced to
// Status.
package v1

// StatusReason is the machine-readable reason of a Status.
type StatusReason string

const (
	StatusReasonConflict        StatusReason = "Conflict"
	StatusReasonNotFound        StatusReason = "NotFound"
	StatusReasonTooManyRequests StatusReason = "TooManyRequests"
)

// Status is the result of an API call (reduced).
type Status struct {
	Status  string
	Message string
	Reason  StatusReason
	Code    int32
}
