package retryscope

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/goroot"
)

// exportObjectFact exports a fact, marked with where it was inferred (Origin).
func exportObjectFact(pass *analysis.Pass, fn *types.Func, f interface {
	analysis.Fact
	originated
}) {
	f.origin().External = IsExternal(pass)
	pass.ExportObjectFact(fn, f)
}

// importObjectFact imports a fact of fn, except one inferred outside the
// analysed code when fn is in another package (Origin).
func importObjectFact(pass *analysis.Pass, fn *types.Func, f interface {
	analysis.Fact
	originated
}) bool {
	if !pass.ImportObjectFact(fn, f) {
		return false
	}
	return fn.Pkg() == pass.Pkg || !f.origin().External
}

// IsExternal reports whether the package being analysed is outside the analysed
// code: in the standard library, or in a module with a version (the module
// cache), as opposed to the main module, a workspace module or GOPATH.
func IsExternal(pass *analysis.Pass) bool {
	version, file := "", ""
	if pass.Module != nil {
		version = pass.Module.Version
	}
	if len(pass.Files) > 0 {
		file = pass.Fset.File(pass.Files[0].Pos()).Name()
	}
	return goroot.External(version, file)
}
