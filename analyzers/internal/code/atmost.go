package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// AtMost returns the largest value a numeric expression can have when the
// code shows one: a constant; a local variable declared in the function
// (var or :=) whose every assignment replaces its value with such an
// expression and whose address is never taken; min(...) with such an
// argument. Anything else (a parameter, a field, a call, arithmetic on a
// variable) has no known ceiling.
func AtMost(info *types.Info, e ast.Expr) (constant.Value, bool) {
	return atMost(info, e, 0)
}

func atMost(info *types.Info, e ast.Expr, depth int) (constant.Value, bool) {
	if depth > 4 || e == nil {
		return nil, false
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil && isNumeric(tv.Value) {
		return tv.Value, true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return localAtMost(info, v, depth)
		}
	case *ast.CallExpr:
		return minAtMost(info, x, depth)
	}
	return nil, false
}

// minAtMost: min(a, b, ...) is at most the smallest ceiling of its arguments.
func minAtMost(info *types.Info, call *ast.CallExpr, depth int) (constant.Value, bool) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "min" {
		return nil, false
	}
	if _, builtin := info.Uses[id].(*types.Builtin); !builtin {
		return nil, false
	}
	var best constant.Value
	for _, a := range call.Args {
		if v, ok := atMost(info, a, depth+1); ok && (best == nil || constant.Compare(v, token.LSS, best)) {
			best = v
		}
	}
	return best, best != nil
}

// localAtMost is the largest value assigned to a local variable, when every
// value it gets is known: it is declared with var or := (not a parameter, a
// range or type-switch variable), every later assignment replaces it, and no
// pointer to it escapes.
func localAtMost(info *types.Info, v *types.Var, depth int) (constant.Value, bool) {
	if v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() || addressTaken(info, v) {
		return nil, false
	}
	var best constant.Value
	declared := false
	for _, d := range DefsOf(info, v) {
		if id, ok := d.Lhs.(*ast.Ident); ok && id.Pos() == v.Pos() {
			declared = d.Op == token.VAR || d.Op == token.DEFINE
		}
		if !d.ByName() || !d.Replaces() {
			return nil, false
		}
		val := constant.MakeInt64(0) // var d time.Duration
		if d.Value != nil || d.Op != token.VAR {
			var ok bool
			if val, ok = atMost(info, d.Value, depth+1); !ok {
				return nil, false
			}
		}
		if best == nil || constant.Compare(val, token.GTR, best) {
			best = val
		}
	}
	return best, declared && best != nil
}

// addressTaken reports whether a local variable's address is taken (&v, or a
// method with a pointer receiver called on it) in its scope: what is written
// through the pointer is out of sight. Without the package's Tree it answers
// yes.
func addressTaken(info *types.Info, v *types.Var) bool {
	t := TreeOf(info)
	if t == nil || t.in == nil {
		return true
	}
	scope := v.Parent()
	for _, id := range t.uses.between(info, scope.Pos(), scope.End()) {
		if info.Uses[id] != v {
			continue
		}
		c, ok := t.Cursor(id)
		if !ok {
			return true
		}
		switch p := c.Parent().Node().(type) {
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				return true
			}
		case *ast.SelectorExpr:
			if s := info.Selections[p]; s != nil && s.Kind() == types.MethodVal {
				if sig, ok := s.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
					if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
						return true
					}
				}
			}
		}
	}
	return false
}

func isNumeric(v constant.Value) bool {
	k := v.Kind()
	return k == constant.Int || k == constant.Float
}
