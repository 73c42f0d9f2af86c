// Package errchain is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package errchain

import (
	"context"
	"errors"
	"log"
)

// A loop that walks an error's chain of wrappers repeats no attempt: the value
// it tests is made from the previous one, by a method of the error (Cause,
// Unwrap) or a function applied to it, and nothing leaves the process. The
// interface methods here are of unknown reach, which alone would count as an
// attempt that may leave the process.

type ecCauser interface{ Cause() error }

type ecUnwrapper interface{ Unwrap() error }

func ecCause(err error) error {
	for err != nil { // quiet: a walk of the Cause chain
		cause, ok := err.(ecCauser)
		if !ok || cause.Cause() == nil {
			break
		}
		err = cause.Cause()
	}
	return err
}

func ecUnwrapInline(err error) error {
	for err != nil { // quiet: the assertion is in the call
		if _, ok := err.(ecUnwrapper); !ok {
			return err
		}
		err = err.(ecUnwrapper).Unwrap()
	}
	return nil
}

func ecStep(err error) error {
	if u, ok := err.(ecUnwrapper); ok {
		return u.Unwrap()
	}
	return nil
}

func ecInnermost(err error) error {
	last := err
	for err != nil { // quiet: a function applied to the tested error
		last = err
		err = ecStep(err)
	}
	return last
}

func ecDepth(err error) int {
	n := 0
	for err != nil { // quiet: errors.Unwrap
		n++
		err = errors.Unwrap(err)
	}
	return n
}

// Look-alikes: the attempt does not take the tested error; it is called again.

type ecSender interface {
	Send(ctx context.Context) error
}

func ecRetrySend(ctx context.Context, s ecSender) {
	err := s.Send(ctx)
	for err != nil { // reports: fixedsleep unboundedretry
		err = s.Send(ctx)
	}
}

func ecRetrySendLogged(ctx context.Context, s ecSender) {
	err := s.Send(ctx)
	for err != nil { // reports: fixedsleep unboundedretry
		log.Print(err.Error())
		err = s.Send(ctx)
	}
}

// An error that carries the connection it came from: a method of the field is
// a call on that connection, not a step along the chain.
type ecConnErr struct{ conn ecSender }

func (e *ecConnErr) Error() string { return "conn" }

func ecRetryOnConn(ctx context.Context, e *ecConnErr) {
	var err error = e
	for err != nil { // reports: fixedsleep unboundedretry
		err = e.conn.Send(ctx)
	}
}

// A variable that errors.As fills from the tested error holds a link of its
// chain: a method of it that gives an error is the next link.

type ecCoded interface{ StatusCode() int }

func ecCodeOf(err error) int {
	for err != nil { // quiet: a walk of the Cause chain through errors.As
		var sc ecCoded
		if errors.As(err, &sc) {
			return sc.StatusCode()
		}
		var c ecCauser
		if !errors.As(err, &c) {
			break
		}
		err = c.Cause()
	}
	return 500
}

// Look-alikes: errors.As only logs and the tested error comes from a call
// again; or the variable errors.As fills is also filled by another call.

func ecResendAfterAs(ctx context.Context, s ecSender, err error) {
	for err != nil { // reports: fixedsleep unboundedretry
		var c ecCauser
		if errors.As(err, &c) {
			log.Print(c.Cause())
		}
		err = s.Send(ctx)
	}
}

type ecSource interface {
	Fill(target *ecCauser)
}

func ecCauseFromElsewhere(src ecSource, err error) {
	for err != nil { // reports: fixedsleep unboundedretry
		var c ecCauser
		if !errors.As(err, &c) {
			src.Fill(&c)
		}
		err = c.Cause()
	}
}
