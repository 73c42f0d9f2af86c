// Package neterrs is a project's error predicates in a package of their own:
// the packages that call them see only their names.
package neterrs

import (
	"errors"
	"net"
)

// IsTemporary tells temporary failures (a descriptor limit) from the rest.
func IsTemporary(err error) bool {
	var ne interface{ Temporary() bool }
	return errors.As(err, &ne) && ne.Temporary()
}

// IsRetryable tells the failures worth another attempt from the rest.
func IsRetryable(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, net.ErrClosed)
}
