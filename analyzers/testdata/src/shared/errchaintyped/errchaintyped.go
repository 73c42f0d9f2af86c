// Package errchaintyped is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package errchaintyped

import (
	"context"
	"errors"

	cerrors "github.com/cockroachdb/errors"
)

// A package's own error type, and an interface whose method set is error's
// plus unwrapping and inspection: a walk along its wrap chain reads values
// already in memory.

type Kind struct{ name string }

type Err interface {
	error
	Unwrap() error
	Kind() *Kind
	Find(k *Kind) Err
}

type chainErr struct {
	kind    *Kind
	wrapped *chainErr
	raw     error
}

func (e *chainErr) Error() string { return e.kind.name }

// Unwrap reads the chain through an errors package that also imports a
// network package: its chain readers stay in the process.
func (e *chainErr) Unwrap() error {
	if e.wrapped != nil {
		return e.wrapped
	}
	return cerrors.Cause(e.raw)
}

func (e *chainErr) Kind() *Kind { return e.kind }

func asErr(err error) Err {
	if e, ok := err.(Err); ok {
		return e
	}
	return nil
}

func (e *chainErr) Find(k *Kind) Err {
	cur := e
	for { // quiet: the chain ends when the next link is not one of ours
		if cur.kind == k {
			return e
		}
		next := asErr(cur.Unwrap())
		if next == nil {
			return nil
		}
		cur = next.(*chainErr)
	}
}

func findKind(err error, k *Kind) Err {
	for err != nil { // quiet: interface methods of the error only
		if e := asErr(err); e != nil && e.Kind() == k {
			return e
		}
		err = errors.Unwrap(err)
	}
	return nil
}

// Look-alike: the attempt is a call to another system; the loop also
// unwraps the error it got.

type sender interface {
	Send(ctx context.Context) error
}

func resendUnwrapping(ctx context.Context, s sender, k *Kind) {
	for { // reports: fixedsleep unboundedretry
		err := s.Send(ctx)
		if err == nil {
			return
		}
		if e := asErr(errors.Unwrap(err)); e != nil && e.Kind() == k {
			continue
		}
	}
}

// Look-alike: a resend that reads its error's cause through the same
// package is still a resend (a cancelled context ends it: no unboundedretry).

func resendReadingCause(ctx context.Context, s sender) error {
	for { // reports: fixedsleep
		err := s.Send(ctx)
		if err == nil {
			return nil
		}
		if cerrors.Cause(err) == context.Canceled {
			return err
		}
	}
}
