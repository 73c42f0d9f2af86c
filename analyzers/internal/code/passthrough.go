package code

import (
	"go/ast"
	"go/types"
)

// PassThroughArg returns the argument a call of a generic function hands
// back as its result, or nil. A function whose only result has a type
// parameter T of its own, and that takes exactly one parameter of type T
// (func[T any](v T, err error) T, as in must-style wrappers), can return only
// that argument or T's zero value: it has no other way to make a T. Which
// one it returns is not decided here; a caller that would fail on the zero
// value (a nil request) may take the argument for the result. In the form
// f(g()), where g's results fill f's parameters, the argument is g's first
// result and g() is returned only when that is the one handed back. A
// converter with error results after the first, (T, error), is read the same
// way (passthrough_converter.go).
func PassThroughArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := Callee(info, call)
	if fn == nil || call.Ellipsis.IsValid() {
		return nil
	}
	sig, _ := fn.Origin().Type().(*types.Signature)
	if sig == nil || sig.TypeParams().Len() == 0 || sig.Results().Len() == 0 || !onlyErrorsAfterFirst(sig.Results()) {
		return nil
	}
	spread := len(call.Args) == 1 && sig.Params().Len() > 1
	if !spread && sig.Params().Len() != len(call.Args) {
		return nil
	}
	tp, ok := sig.Results().At(0).Type().(*types.TypeParam)
	if !ok {
		return nil
	}
	var arg ast.Expr
	for i := 0; i < sig.Params().Len(); i++ {
		if types.Identical(sig.Params().At(i).Type(), tp) {
			if arg != nil {
				return nil // two candidates: either may come back
			}
			arg = call.Args[min(i, len(call.Args)-1)]
			if spread && i != 0 {
				return nil // a later result of g() is not an expression of its own
			}
		}
	}
	return arg
}
