package code

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// AlwaysZero reports whether a numeric expression is 0 whenever it runs: a
// constant 0; a conversion of such an expression to a number type; or an
// unexported field or package-level variable that the package (the only code
// that can set it) gives no value but such expressions, or none at all (the
// zero value), with nothing writing it through a pointer (AllValues). A
// parameter, a local, an exported name or a field set from anything else may
// hold any value.
func AlwaysZero(info *types.Info, e ast.Expr) bool {
	return alwaysZero(info, e, 0)
}

func alwaysZero(info *types.Info, e ast.Expr, depth int) bool {
	if depth > 4 || e == nil {
		return false
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return isNumeric(tv.Value) && constant.Sign(tv.Value) == 0
	}
	var v *types.Var
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ = info.Uses[x].(*types.Var)
		if v != nil && (v.Pkg() == nil || v.Parent() != v.Pkg().Scope()) {
			return false // a local or a parameter: its function decides
		}
	case *ast.SelectorExpr:
		v, _ = info.Uses[x.Sel].(*types.Var)
		if v != nil && !v.IsField() {
			v = nil
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 && IsNumeric(tv.Type) {
			return alwaysZero(info, x.Args[0], depth+1)
		}
	}
	if v == nil {
		return false
	}
	vals, ok := AllValues(info, v)
	if !ok {
		return false
	}
	for _, val := range vals {
		if !alwaysZero(info, val, depth+1) {
			return false
		}
	}
	return true
}
