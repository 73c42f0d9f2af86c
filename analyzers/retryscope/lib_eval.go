package retryscope

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// constValue returns the constant value of an expression: a compile-time constant,
// or a local variable assigned exactly once from one.
func constValue(info *types.Info, e ast.Expr, defs map[types.Object][]ast.Node, depth int) constant.Value {
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return tv.Value
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || depth > 4 {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	vals := defs[v]
	if len(vals) != 1 {
		return nil
	}
	rhs, ok := vals[0].(ast.Expr)
	if !ok {
		return nil
	}
	return constValue(info, rhs, defs, depth+1)
}
