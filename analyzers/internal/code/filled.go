package code

import (
	"go/ast"
	"go/types"
)

// FilledBy returns the call whose result the local variable v holds, and
// the index of that result, when one assignment alone sets v and it sets it
// from a call: v := f(x), ok, err := f(x) (index 1 for err), var v = f(x).
// It returns nil for a field, a package variable, a variable assigned more
// than once (a declaration without a value counts), or one set from
// anything but a call.
func FilledBy(info *types.Info, v *types.Var) (*ast.CallExpr, int) {
	if v == nil || v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, 0
	}
	d, single := SoleDef(info, v)
	if !single || !d.ByName() {
		return nil, 0
	}
	call, isCall := ast.Unparen(d.Value).(*ast.CallExpr)
	if !isCall {
		return nil, 0
	}
	return call, resultIndex(d)
}

// resultIndex returns which result of its one value a definition's name
// receives: its position among the names when one call fills them all
// (a, b := f()), else 0.
func resultIndex(d Def) int {
	var names []ast.Expr
	switch s := d.Stmt.(type) {
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 {
			return 0
		}
		names = s.Lhs
	case *ast.ValueSpec:
		if len(s.Values) != 1 {
			return 0
		}
		for _, n := range s.Names {
			names = append(names, n)
		}
	}
	for i, n := range names {
		if n == d.Lhs {
			return i
		}
	}
	return 0
}
