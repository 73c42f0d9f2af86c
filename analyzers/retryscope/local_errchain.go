package retryscope

import (
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An error's chain of wrappers is in memory.
//
// The functions of an errors package (the standard one or a drop-in
// replacement: code.IsErrorsPackage) that read the chain of an error they are
// handed — Unwrap and Cause and their one-step and all-the-way forms, Is and
// As — follow the error's own Unwrap or Cause methods and compare or assign
// what they find. Nothing leaves the process, even when the package imports
// a network package for other functions (reporting an error to a collector):
// a loop that walks a chain through them (`for err != nil { err = Cause(err) }`,
// or a type's Unwrap method that calls one) repeats no attempt at another
// system.

// chainReaders are the names of the errors-package functions that read the
// chain of the error they are handed.
var chainReaders = map[string]bool{
	"Unwrap": true, "UnwrapOnce": true, "UnwrapAll": true, "Cause": true,
	"Is": true, "IsAny": true, "As": true,
}

// readsErrorChain reports whether fn is a package-level function of an errors
// package that reads an error's chain.
func readsErrorChain(fn *types.Func) bool {
	return fn.Pkg() != nil && code.IsErrorsPackage(fn.Pkg().Path()) &&
		fn.Signature().Recv() == nil && chainReaders[fn.Name()]
}
