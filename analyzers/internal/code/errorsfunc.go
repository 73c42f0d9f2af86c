package code

import "go/types"

// dropInErrorPackages are packages whose Is, As, New and Unwrap behave as
// the standard library's errors functions of the same name: they forward to
// them (github.com/pkg/errors since v0.9, golang.org/x/xerrors) or walk the
// same Unwrap chain. Code that imports one of them in place of "errors"
// classifies errors just as well.
var dropInErrorPackages = map[string]bool{
	"errors":                        true,
	"github.com/pkg/errors":         true,
	"golang.org/x/xerrors":          true,
	"github.com/cockroachdb/errors": true,
	"emperror.dev/errors":           true,
}

// IsErrorsFunc reports whether fn is the errors package's function name
// (Is, As, New, Unwrap) or the same function of a drop-in errors package.
func IsErrorsFunc(fn *types.Func, name string) bool {
	return fn != nil && fn.Pkg() != nil && fn.Name() == name &&
		dropInErrorPackages[fn.Pkg().Path()] && fn.Signature().Recv() == nil
}

// IsErrorsPackage reports whether path is the errors package or a drop-in
// replacement of it.
func IsErrorsPackage(path string) bool { return dropInErrorPackages[path] }
