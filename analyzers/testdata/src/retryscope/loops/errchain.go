package loops

import (
	"context"
	"errors"
	"log"
	"time"
)

// Loops that walk the chain of an error's wrappers: the value the loop tests
// is made from the previous one (a method of it, or a function applied to it),
// so no attempt is repeated and nothing leaves the process.

type causer interface{ Cause() error }

// A walk of pkg/errors-style causes through an interface of the error.
func rootCause(err error) error {
	for err != nil {
		cause, ok := err.(causer)
		if !ok || cause.Cause() == nil {
			break
		}
		err = cause.Cause()
		time.Sleep(0)
	}
	return err
}

// The same walk with the assertion in the call.
func rootCauseInline(err error) error {
	for err != nil {
		if _, ok := err.(causer); !ok {
			return err
		}
		err = err.(causer).Cause()
	}
	return nil
}

type unwrapper interface{ Unwrap() error }

// A walk through a function of the module applied to the tested error.
func unwrapOnce(err error) error {
	if u, ok := err.(unwrapper); ok {
		return u.Unwrap()
	}
	return nil
}

func innermost(err error) error {
	last := err
	for err != nil {
		last = err
		err = unwrapOnce(err)
	}
	return last
}

// A walk through errors.Unwrap.
func depth(err error) int {
	n := 0
	for err != nil {
		n++
		err = errors.Unwrap(err)
	}
	return n
}

// Look-alikes that stay retries: the attempt does not take the tested error.

func sendChainOnce(ctx context.Context) error { return nil }

func retrySend(ctx context.Context) {
	err := sendChainOnce(ctx)
	for err != nil { // want `loop classified=false bounded=false wait=sleep/const ctx=ctx`
		time.Sleep(time.Second)
		err = sendChainOnce(ctx)
	}
}

// Logging the failure does not make the loop a walk: the remote attempt is
// called again.
func retrySendLogged(ctx context.Context) {
	err := sendChainOnce(ctx)
	for err != nil { // want `loop classified=false bounded=false wait=sleep/const ctx=ctx`
		log.Print(err.Error())
		time.Sleep(time.Second)
		err = sendChainOnce(ctx)
	}
}

type chainRemoteErr struct{ conn *errConn }

func (e *chainRemoteErr) Error() string { return "remote" }

type errConn struct{}

func (c *errConn) send() error { return nil }

// A receiver reached through a field of the error is another object (the
// connection the failure came from), not the error itself.
func retryOnConn(err *chainRemoteErr) {
	var e error = err
	for e != nil { // want `loop classified=false bounded=false wait=sleep/const`
		time.Sleep(time.Second)
		e = err.conn.send()
	}
}
