package code

import (
	"go/ast"
	"go/types"
)

// assignedOnce returns the one expression assigned to v: from defs when the
// caller lists v's assignments there, else the value a local variable holds
// wherever it is read (heldConstant); nil otherwise.
func assignedOnce(info *types.Info, v *types.Var, defs map[types.Object][]ast.Node) ast.Expr {
	if d, listed := defs[v]; listed {
		if len(d) != 1 {
			return nil
		}
		e, _ := d[0].(ast.Expr)
		return e
	}
	return heldConstant(info, v)
}

// heldConstant returns the value of a local variable declared with a
// constant, or with another such variable, that is never assigned again and
// whose address is never taken (tries := 5; for range tries): it holds that
// value wherever it is read, as if it were the constant. A parameter, a
// variable reassigned anywhere (tries--, tries = n) or one a pointer may
// change holds no known value.
func heldConstant(info *types.Info, v *types.Var) ast.Expr {
	d, ok := SoleDef(info, v)
	if !ok || d.Value == nil || !constantOrName(info, d.Value) {
		return nil // cheap checks first: most variables are not constants
	}
	e, ok := DefinedOnce(info, v)
	if !ok {
		return nil
	}
	return e
}

func constantOrName(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	_, isName := ast.Unparen(e).(*ast.Ident)
	return isName
}
