package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A function of the package may return the closure the caller then calls
// round after round (backoff := newBackoff(max); ...; backoff(ctx)). When
// every return of that function gives the same function literal, a call
// through the local variable that holds its result runs that literal: the
// engine reads its body as it reads a called function of the package. A
// variable assigned more than once, a parameter, a field, or a maker that
// returns another value somewhere stays out of reach.

// returnedClosure returns the literal a call through a local variable runs,
// when the variable's one value is a call of such a maker, or nil.
func (res *Result) returnedClosure(call *ast.CallExpr) *funcNode {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || res.funcs == nil {
		return nil
	}
	v, ok := res.info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	values := code.Values(res.info, v, nil)
	if len(values) != 1 {
		return nil
	}
	maker, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	var lit *ast.FuncLit
	sameLiteral := func(e ast.Expr) bool {
		l, isLit := ast.Unparen(e).(*ast.FuncLit)
		if !isLit || lit != nil && l != lit {
			return false
		}
		lit = l
		return true
	}
	if !res.everyReturnIs(maker, sameLiteral) {
		return nil
	}
	return res.funcs.byLit[lit]
}

// closureWait is the wait of a call of a returned closure: one of unknown
// length when its body waits (waitsInside), else none.
func (f *flow) closureWait(call *ast.CallExpr, lit *funcNode) *Wait {
	if !waitsInside(f.info, lit) {
		return nil
	}
	return &Wait{Kind: WaitOther, At: call, Call: call}
}
