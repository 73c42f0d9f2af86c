package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// asksTimedContext reports whether a ctx.Err() or ctx.Done() call asks a
// context that got a deadline in the function (LocalDeadline's definition).
func (f *flow) asksTimedContext(call *ast.CallExpr) bool {
	ctx := askedContext(f.info, call)
	if ctx == nil {
		return false
	}
	v, ok := code.Root(f.info, ctx, code.ThroughIndex).(*types.Var)
	return ok && newDeadlines(f.res).variable(f.fn, v, 0)
}

// errOfTimedContext reports whether every value of a local variable is the
// Err() of a context that got a deadline in the function: in
//
//	ctx, cancel := context.WithTimeout(ctx, d)
//	for { if err := ctx.Err(); err != nil { return err } ... }
//
// the check reads err, but what it tests is ctx, so the loop has ctx's
// deadline. A variable that also takes another value (an attempt's error)
// is no such check.
func (f *flow) errOfTimedContext(v *types.Var) bool {
	vals := code.Values(f.info, v, nil)
	for _, val := range vals {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := code.Callee(f.info, call)
		if fn == nil || fn.FullName() != "(context.Context).Err" || !f.asksTimedContext(call) {
			return false
		}
	}
	return len(vals) > 0
}
