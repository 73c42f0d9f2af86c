// Package v1 is a stub of k8s.io/apimachinery/pkg/apis/meta/v1 (v0.37.2), reduced to
// Status, ObjectMeta and the options of typed clients.
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

// Object lets code work with the metadata of any API object (reduced).
type Object interface {
	GetName() string
	GetNamespace() string
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetLabels() map[string]string
	SetLabels(labels map[string]string)
	GetAnnotations() map[string]string
	SetAnnotations(annotations map[string]string)
}

// ObjectMeta is the metadata of a persisted object (reduced).
type ObjectMeta struct {
	Name            string
	Namespace       string
	ResourceVersion string
	Labels          map[string]string
	Annotations     map[string]string
}

func (m *ObjectMeta) GetName() string                              { return m.Name }
func (m *ObjectMeta) GetNamespace() string                         { return m.Namespace }
func (m *ObjectMeta) GetResourceVersion() string                   { return m.ResourceVersion }
func (m *ObjectMeta) SetResourceVersion(version string)            { m.ResourceVersion = version }
func (m *ObjectMeta) GetLabels() map[string]string                 { return m.Labels }
func (m *ObjectMeta) SetLabels(labels map[string]string)           { m.Labels = labels }
func (m *ObjectMeta) GetAnnotations() map[string]string            { return m.Annotations }
func (m *ObjectMeta) SetAnnotations(annotations map[string]string) { m.Annotations = annotations }

// SetMetaDataAnnotation sets an annotation, making the map if needed.
func SetMetaDataAnnotation(obj *ObjectMeta, ann string, value string) {}

// GetOptions, UpdateOptions and PatchOptions are the options of typed clients' calls (reduced).
type GetOptions struct{ ResourceVersion string }
type UpdateOptions struct{ FieldManager string }
type PatchOptions struct{ FieldManager string }
