package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// NotNegative reports whether a numeric expression is never below zero as
// far as the code shows: a constant >= 0; an unexported field whose every
// value in its package (AllValues; unset, its zero value) is such an
// expression; a local defined once with one (DefinedOnce); a conversion to a
// signed number type, a sum or a product of such expressions. A wait unit
// the package sets only to time.Second is one, so (i + 1) * c.unit has the
// product of the two ceilings as its own.
func NotNegative(info *types.Info, e ast.Expr) bool { return notNegative(info, e, 0) }

func notNegative(info *types.Info, e ast.Expr, depth int) bool {
	if depth > 4 || e == nil {
		return false
	}
	if v := constValue(info, e); v != nil {
		return constant.Sign(v) >= 0
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && !v.IsField() {
			val, once := DefinedOnce(info, v)
			return once && notNegative(info, val, depth+1)
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok && v.IsField() {
			return allNotNegative(info, v, depth)
		}
	case *ast.CallExpr:
		operand, ok := SignedOperand(info, x)
		return ok && notNegative(info, operand, depth+1)
	case *ast.BinaryExpr:
		if x.Op == token.ADD || x.Op == token.MUL {
			return notNegative(info, x.X, depth+1) && notNegative(info, x.Y, depth+1)
		}
	}
	return false
}

func allNotNegative(info *types.Info, f *types.Var, depth int) bool {
	vals, ok := AllValues(info, f)
	if !ok {
		return false
	}
	for _, e := range vals {
		if !notNegative(info, e, depth+1) {
			return false
		}
	}
	return true
}

// SignedOperand returns x of a conversion T(x) to a signed integer or float
// type (time.Duration(n)), which keeps x's value and sign; an unsigned
// target could turn a negative x into a large value.
func SignedOperand(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	tv, ok := info.Types[call.Fun]
	if !ok || !tv.IsType() {
		return nil, false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsUnsigned != 0 || b.Info()&(types.IsInteger|types.IsFloat) == 0 {
		return nil, false
	}
	return call.Args[0], true
}
