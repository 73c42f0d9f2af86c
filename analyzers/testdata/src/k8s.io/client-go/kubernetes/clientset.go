// Package kubernetes is a stub of k8s.io/client-go/kubernetes (v0.36.1) for
// analysistest, reduced to the core group.
package kubernetes

import corev1 "k8s.io/client-go/kubernetes/typed/core/v1"

// Interface is the clientset.
type Interface interface {
	CoreV1() corev1.CoreV1Interface
}
