// Package require is a stub of github.com/stretchr/testify/require (v1.11),
// reduced to NoError: retrylint reads only that a file imports it.
package require

// TestingT is an interface wrapper around *testing.T.
type TestingT interface {
	Errorf(format string, args ...interface{})
	FailNow()
}

// NoError asserts that a function returned no error.
func NoError(t TestingT, err error, msgAndArgs ...interface{}) {}
