// Package errors is a stub of a drop-in errors package that also imports a
// network package (to report errors to a collector).
package errors

import (
	stderrors "errors"
	"net"
)

type causer interface{ Cause() error }

// Cause follows Cause and Unwrap methods to the innermost error.
func Cause(err error) error {
	for err != nil {
		if c, ok := err.(causer); ok {
			err = c.Cause()
			continue
		}
		next := stderrors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
	return nil
}

// Report sends an error to a collector.
func Report(addr string, err error) error {
	conn, dialErr := net.Dial("tcp", addr)
	if dialErr != nil {
		return dialErr
	}
	defer conn.Close()
	_, werr := conn.Write([]byte(err.Error()))
	return werr
}
