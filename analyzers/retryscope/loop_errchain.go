package retryscope

import (
	"go/ast"
	"go/token"
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
// which is one (cause, ok := err.(causer)) or that errors.As fills from one
// (var c causer; errors.As(err, &c)). A field of an error (e.conn) is another
// object, not the error.
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
		return len(vals) > 0 || filledByAs(info, v, depth)
	}
	return false
}

// filledByAs reports whether a local variable declared without a value is
// given one only as the target of errors.As on an error value (var c causer;
// errors.As(err, &c)): it then holds a link of that error's chain. Its
// address taken anywhere else may fill it with something else.
func filledByAs(info *types.Info, v *types.Var, depth int) bool {
	sources := asSources(info, v)
	for _, src := range sources {
		if !errorValue(info, src, depth-1) {
			return false
		}
	}
	return len(sources) > 0
}

// asSources returns the errors that errors.As fills a local variable
// declared without a value from (err of errors.As(err, &c)), when that is
// the only use of its address; nil otherwise.
func asSources(info *types.Info, v *types.Var) []ast.Expr {
	var fn ast.Node
	for _, d := range code.DefsOf(info, v) {
		if d.Op != token.VAR || d.Value != nil {
			return nil
		}
		fn = d.Func
	}
	body := code.FuncBody(fn)
	if body == nil {
		return nil
	}
	addrs := 0
	var sources []ast.Expr
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && code.VarOf(info, n.X) == v {
				addrs++
			}
		case *ast.CallExpr:
			if isErrorsAs(info, n) && code.VarOf(info, addressed(n.Args[1])) == v {
				sources = append(sources, n.Args[0])
			}
		}
		return true
	})
	if addrs == 0 || addrs != len(sources) {
		return nil
	}
	return sources
}

// isErrorsAs reports whether call is errors.As (or the pkg/errors copy of
// it), which fills its second argument from the chain of its first.
func isErrorsAs(info *types.Info, call *ast.CallExpr) bool {
	return len(call.Args) == 2 && code.IsErrorsFunc(code.Callee(info, call), "As")
}

// addressed returns x of &x, or nil.
func addressed(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return nil
}
