// Package client is a stub of sigs.k8s.io/controller-runtime/pkg/client (v0.21) for
// analysistest, reduced to Get, Create, Update, Patch (MergeFrom, Merge, Apply) and
// the status writer. Object leaves out runtime.Object, and the option types are
// empty interfaces.
package client

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Object is a Kubernetes object.
type Object interface {
	metav1.Object
}

// ObjectKey names an object.
type ObjectKey = types.NamespacedName

// ObjectKeyFromObject returns the key of an object.
func ObjectKeyFromObject(obj Object) ObjectKey {
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

type (
	GetOption               interface{}
	CreateOption            interface{}
	UpdateOption            interface{}
	PatchOption             interface{}
	SubResourceUpdateOption interface{}
	SubResourcePatchOption  interface{}
)

// Patch is a patch to apply to an object.
type Patch interface {
	Data(obj Object) ([]byte, error)
}

// MergeFrom makes a merge patch from the difference with obj.
func MergeFrom(obj Object) Patch { return nil }

var (
	// Apply uses server-side apply semantics to control the fields managed.
	Apply Patch
	// Merge uses the raw object as a merge patch, without modifications.
	Merge Patch
)

// Reader reads objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
}

// Writer writes objects.
type Writer interface {
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
}

// SubResourceWriter writes a subresource (the status).
type SubResourceWriter interface {
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
}

// Client reads and writes objects and their status.
type Client interface {
	Reader
	Writer
	Status() SubResourceWriter
}
