package retryscope

import (
	"go/ast"
	"go/types"
)

// A self-call that hands, for a string parameter, a string computed from it
// — a call's result (path.Dir(p)), a slice of it (p[:i]), a concatenation
// (p + ".1") — asks for another name: a search up a directory tree, along
// shorter prefixes, or to the next free candidate. A name is the attempt's
// target (shape 2 of issue 12), so the call tries something else and is no
// retry of the failed attempt. The parameter handed on as it came, or
// converted (string(p)), is the same name.
func (f *flow) renamesInput(a ast.Expr, p *types.Var) bool {
	if b, ok := p.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return false
	}
	switch a := ast.Unparen(a).(type) {
	case *ast.CallExpr:
		if tv, ok := f.info.Types[a.Fun]; ok && tv.IsType() {
			return false
		}
	case *ast.SliceExpr, *ast.BinaryExpr:
	default:
		return false
	}
	return mentions(f.info, a, []types.Object{p})
}
