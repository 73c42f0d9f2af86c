package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A function a sync.Once runs holds every caller until it returns: Do blocks
// each concurrent and later caller until the first call's function is done,
// and so do the functions sync.OnceFunc, OnceValue and OnceValues return. A
// retry there with no bound does more than load a dependency: while the
// failure lasts (a file or kernel object that is never made, a setting that
// turned a feature off) every caller of the once waits forever, and the
// once never completes. Whether the attempt leaves the process (Region.Remote)
// does not change that.

// HoldsOnceCallers reports whether the region's function is one a sync.Once
// runs: a function literal handed to (*sync.Once).Do, sync.OnceFunc,
// OnceValue or OnceValues, or a function of the package named there.
func (res *Result) HoldsOnceCallers(r *Region) bool {
	switch f := r.Func.(type) {
	case *ast.FuncLit:
		return res.handedToOnce(f)
	case *ast.FuncDecl:
		obj := res.info.Defs[f.Name]
		if obj == nil {
			return false
		}
		for id, used := range res.info.Uses {
			if used == obj && res.handedToOnce(id) {
				return true
			}
		}
	}
	return false
}

// handedToOnce reports whether e (or the method value whose name it is) is
// the one argument of a call that makes a sync.Once run it.
func (res *Result) handedToOnce(e ast.Node) bool {
	path := code.TreeOf(res.info).Enclosing(e)
	if len(path) > 2 {
		if sel, ok := path[1].(*ast.SelectorExpr); ok && sel.Sel == e {
			path = path[1:]
		}
	}
	if len(path) < 2 {
		return false
	}
	call, ok := path[1].(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Args[0] != path[0] {
		return false
	}
	return runsOnce(code.Callee(res.info, call))
}

// runsOnce reports whether fn is (*sync.Once).Do or one of the sync
// functions that wrap a function to run once.
func runsOnce(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	return fn.FullName() == "(*sync.Once).Do" || onceWrappers[fn.Name()]
}
