// Package v1 is a stub of k8s.io/client-go/listers/core/v1 (v0.36.1) for
// analysistest, reduced to the node and pod listers.
package v1

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// NodeListerExpansion allows custom methods to be added to NodeLister.
type NodeListerExpansion interface{}

// NodeLister lists and gets Nodes from the indexer.
type NodeLister interface {
	List(selector labels.Selector) (ret []*v1.Node, err error)
	Get(name string) (*v1.Node, error)
	NodeListerExpansion
}

// PodListerExpansion allows custom methods to be added to PodLister.
type PodListerExpansion interface{}

// PodLister lists Pods from the indexer.
type PodLister interface {
	List(selector labels.Selector) (ret []*v1.Pod, err error)
	Pods(namespace string) PodNamespaceLister
	PodListerExpansion
}

// PodNamespaceListerExpansion allows custom methods to be added to PodNamespaceLister.
type PodNamespaceListerExpansion interface{}

// PodNamespaceLister lists and gets Pods of one namespace from the indexer.
type PodNamespaceLister interface {
	List(selector labels.Selector) (ret []*v1.Pod, err error)
	Get(name string) (*v1.Pod, error)
	PodNamespaceListerExpansion
}
