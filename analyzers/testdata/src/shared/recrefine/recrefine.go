// Package recrefine is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry
package recrefine

import "io"

// A function that calls itself with a value of another type built from its
// parameter (a composite literal wrapping it, a conversion, a call's result)
// refines its input: the next call takes another branch on it. Only the same
// value again, or an attempt number handed on, is the same attempt.

type store interface {
	Put(v any) error
}

type tagged struct {
	v    any
	kind string
}

type rawJSON []byte

var stores []store

func tagOf(v any, kind string) tagged { return tagged{v, kind} }

func put(v any) error {
	for _, s := range stores {
		if err := s.Put(v); err == nil {
			return nil
		}
	}
	return io.ErrShortWrite
}

// Quiet: wrapped in a composite literal.
func store1(v any) error {
	if err := put(v); err == nil {
		return nil
	}
	if _, ok := v.(tagged); !ok {
		return store1(tagged{v, "json"})
	}
	return io.ErrShortWrite
}

// Quiet: converted to another named type.
func store2(v any) error {
	if err := put(v); err == nil {
		return nil
	}
	if _, ok := v.([]byte); ok {
		return store2(rawJSON(v.([]byte)))
	}
	return io.ErrShortWrite
}

// Quiet: a call's result of another type.
func store3(v any) error {
	if err := put(v); err == nil {
		return nil
	}
	if _, ok := v.(tagged); !ok {
		return store3(tagOf(v, "json"))
	}
	return io.ErrShortWrite
}

// Look-alike: the same value again.
func store4(v any) error {
	if err := put(v); err != nil {
		return store4(v) // reports: retryall unboundedretry
	}
	return nil
}

// Look-alike: an attempt number handed on is the same attempt.
func store5(v any, attempt int) error {
	if err := put(v); err != nil {
		return store5(v, attempt+1) // reports: retryall unboundedretry
	}
	return nil
}
