// Package types is a stub of k8s.io/apimachinery/pkg/types (v0.37.2), reduced to
// NamespacedName.
package types

// NamespacedName names an object in a namespace.
type NamespacedName struct {
	Namespace string
	Name      string
}
