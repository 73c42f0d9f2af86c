// Package v1 is a stub of k8s.io/client-go/informers/core/v1 (v0.36.1) for
// analysistest, reduced to the node and pod informers.
package v1

import (
	v1 "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
)

// NodeInformer provides access to a shared informer and lister for Nodes.
type NodeInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() v1.NodeLister
}

// PodInformer provides access to a shared informer and lister for Pods.
type PodInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() v1.PodLister
}
