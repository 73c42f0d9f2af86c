// Package gomega is a stub of github.com/onsi/gomega (v1.38), reduced to
// one function: retrylint reads only that a file imports it.
package gomega

import "time"

// SetDefaultEventuallyTimeout sets the default timeout of Eventually.
func SetDefaultEventuallyTimeout(t time.Duration) {}
