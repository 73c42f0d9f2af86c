package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// chainStep reports whether a call steps along an error's chain of wrappers: a
// method of an error value that gives an error (err.(causer).Cause(),
// u.Unwrap() with u asserted from err). It reads a failure it was handed; it
// makes no attempt and nothing leaves the process, so a loop whose tested
// error comes from it (for err != nil { err = cause.Cause() }) walks a finite
// chain and repeats nothing. A function applied to the error (unwrap(err)) is
// the other form of the step; isAttempt reads it from the arguments.
func chainStep(info *types.Info, call *ast.CallExpr) bool {
	recv, ok := code.MethodRecv(info, call)
	return ok && isErrorType(info.TypeOf(call)) && errorValue(info, recv, 2)
}

// errorValue reports whether an expression is an error value: of an error
// type, an assertion of one (err.(causer)), or a local variable every value of
// which is one (cause, ok := err.(causer)). A field of an error (e.conn) is
// another object, not the error.
func errorValue(info *types.Info, e ast.Expr, depth int) bool {
	e = ast.Unparen(e)
	if isErrorType(info.TypeOf(e)) {
		if _, isField := e.(*ast.SelectorExpr); !isField {
			return true
		}
	}
	switch e := e.(type) {
	case *ast.TypeAssertExpr:
		return errorValue(info, e.X, depth)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || depth == 0 || v.IsField() {
			return false
		}
		vals := code.Values(info, v, func(d code.Def) bool { return d.Replaces() })
		for _, val := range vals {
			if !errorValue(info, val, depth-1) {
				return false
			}
		}
		return len(vals) > 0
	}
	return false
}
