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
// engine reads its body as it reads a called function of the package: a
// body that waits makes the call a wait (callWait), and a body that answers
// an error only beside a ctx.Done() case ends the loop with that context
// (wait_errhelperctx.go). A body that does not wait leaves the call to be
// read as any func value's. A variable assigned more than once, a
// parameter, a field, or a maker that returns another value somewhere stays
// out of reach.

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
	var one oneLiteral // funcs_made.go
	if !res.everyReturnIs(maker, one.is) {
		return nil
	}
	return res.funcs.byLit[one.lit]
}
