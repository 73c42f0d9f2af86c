// Package v1 is a stub of k8s.io/client-go/kubernetes/typed/core/v1 (v0.36.1)
// for analysistest, reduced to getting nodes and pods.
package v1

import (
	"context"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// NodeInterface has methods to work with Node resources.
type NodeInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.Node, error)
}

// PodInterface has methods to work with Pod resources.
type PodInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.Pod, error)
}

// CoreV1Interface gives the clients of the core group.
type CoreV1Interface interface {
	Nodes() NodeInterface
	Pods(namespace string) PodInterface
}
