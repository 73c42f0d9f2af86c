// Package v1 is a stub of k8s.io/api/core/v1 (v0.36.1) for analysistest,
// reduced to Node and Pod.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Node is a worker machine (reduced).
type Node struct {
	metav1.ObjectMeta
	Unschedulable bool
}

// PodSpec is the specification of a pod (reduced).
type PodSpec struct {
	NodeName string
}

// Pod is a group of containers (reduced).
type Pod struct {
	metav1.ObjectMeta
	Spec PodSpec
}
