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

// importFuncFacts imports the fact of type T of every function of another
// package that the package names, and hands each one found to keep: a rule's
// pass cannot import facts, so the engine carries them in its Result.
func importFuncFacts[T any, PT interface {
	*T
	analysis.Fact
	originated
}](pass *analysis.Pass, keep func(*types.Func, PT)) {
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
			continue
		}
		if fact := PT(new(T)); importObjectFact(pass, fn.Origin(), fact) {
			keep(fn.Origin(), fact)
		}
	}
}
