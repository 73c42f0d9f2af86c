package retryscope

import (
	"go/ast"
	"go/types"
)

// A self-call that hands, for a parameter, a value of another type built
// from it — a composite literal wrapping it (typed{v, name}), a conversion,
// or a call's result (wrap(v, name)) — refines the input: the next call
// takes another branch on what it was given (a value tagged with the type
// to store it as), and is no retry of the failed attempt. A value of the
// parameter's own type built from it (req.Clone(ctx)) stays the same input.
func (f *flow) refinesInput(a ast.Expr, p *types.Var) bool {
	switch ast.Unparen(a).(type) {
	case *ast.CompositeLit, *ast.CallExpr:
	default:
		return false
	}
	t := f.info.TypeOf(a)
	return t != nil && !types.Identical(t, p.Type()) && mentions(f.info, a, []types.Object{p})
}
