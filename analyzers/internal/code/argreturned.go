package code

import (
	"go/ast"
	"go/types"
)

// ArgReturned reports whether call may hand back its argument i as its
// result: a generic function whose one result has a type parameter T of its
// own, and whose parameter for argument i has type T (or ...T). It has no
// other way to make a T than T's zero value, so the result is one of its T
// arguments (cmp.Or(opt, fallback) gives either).
func ArgReturned(info *types.Info, call *ast.CallExpr, i int) bool {
	fn := Callee(info, call)
	if fn == nil || i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() {
		return false
	}
	sig, _ := fn.Origin().Type().(*types.Signature)
	if sig == nil || sig.TypeParams().Len() == 0 || sig.Results().Len() != 1 || sig.Params().Len() == 0 {
		return false
	}
	tp, ok := sig.Results().At(0).Type().(*types.TypeParam)
	if !ok {
		return false
	}
	k := min(i, sig.Params().Len()-1)
	t := sig.Params().At(k).Type()
	if sig.Variadic() && k == sig.Params().Len()-1 {
		s, isSlice := t.(*types.Slice)
		if !isSlice {
			return false
		}
		t = s.Elem()
	} else if k != i {
		return false
	}
	return types.Identical(t, tp)
}
