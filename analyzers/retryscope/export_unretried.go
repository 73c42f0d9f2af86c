package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// unretriedSentinels names the package-level error values a function's retry
// loop hands back at once, unretried: every use of the value in the function
// is a result of a return statement of the function inside the loop (`if
// isFull(err) { return errFull }`), none after the loop, none stored. When an
// outer retry goes round only on those values, the two layers retry disjoint
// outcomes and do not multiply (RetriesNoneOf).
func unretriedSentinels(info *types.Info, fn *funcNode, r *Region) []string {
	if r.Kind != LoopRegion || r.Loop == nil || fn.body == nil {
		return nil
	}
	var lits []ast.Node
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			lits = append(lits, lit)
		}
		return true
	})
	inLit := func(n ast.Node) bool {
		return slices.ContainsFunc(lits, func(l ast.Node) bool { return within(l, n) })
	}
	returned := map[*ast.Ident]bool{}
	ast.Inspect(r.Loop, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok && !inLit(ret) {
			for _, e := range ret.Results {
				if id, ok := ast.Unparen(e).(*ast.Ident); ok {
					returned[id] = true
				}
			}
		}
		return true
	})
	ok := map[*types.Var]bool{}
	ast.Inspect(fn.body, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		v := packageVar(info, id)
		if v == nil || !code.IsError(v.Type()) {
			return true
		}
		if prev, seen := ok[v]; !seen || prev {
			ok[v] = returned[id]
		}
		return true
	})
	var names []string
	for v, good := range ok {
		if good {
			names = append(names, sentinelName(v))
		}
	}
	slices.Sort(names)
	return names
}

// sentinelName names a package-level error value across packages.
func sentinelName(v *types.Var) string { return v.Pkg().Path() + "." + v.Name() }
