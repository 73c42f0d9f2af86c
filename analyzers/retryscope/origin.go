package retryscope

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/goroot"
)

// exportObjectFact exports a fact, marked with where it was inferred (Origin).
func exportObjectFact(pass *analysis.Pass, obj types.Object, f interface {
	analysis.Fact
	originated
}) {
	f.origin().External = IsExternal(pass)
	pass.ExportObjectFact(obj, f)
}

// importObjectFact imports a fact of obj, except one inferred outside the
// analysed code when obj is in another package (Origin).
func importObjectFact(pass *analysis.Pass, obj types.Object, f interface {
	analysis.Fact
	originated
}) bool {
	if !pass.ImportObjectFact(obj, f) {
		return false
	}
	return obj.Pkg() == pass.Pkg || !f.origin().External
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
