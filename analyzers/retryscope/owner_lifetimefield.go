package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An owner's lifetime context kept in a field. A component that makes its
// context with context.WithCancel (or a form of it) straight into a field,
// and keeps the cancel function in another field that a method of the
// package calls (its Close or Stop), holds a context that ends when the
// owner stops:
//
//	m.ctx, m.cancel = context.WithCancel(context.Background())
//	func (m *M) Close() { m.cancel() }
//
// A loop that waits on a parameter every call in the package fills from such
// a field is bounded by the owner's lifetime, whoever runs it, as one that
// waits on the owner's field itself (StoppedByOwner): the context is meant
// to have no deadline. A field some assignment fills otherwise (a context handed in,
// context.Background()), or whose cancel function nothing but the function
// that makes it calls, is no such context.

// lifetimeContextField reports whether e selects a field holding an owner's
// lifetime context: every assignment of the field in the package (one at
// least) is a context.WithCancel (or a form of it) whose cancel function goes
// to a field the package calls outside the assigning function.
func (res *Result) lifetimeContextField(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	field, ok := res.info.Uses[sel.Sel].(*types.Var)
	if !ok || !field.IsField() || !IsContext(field.Type()) {
		return false
	}
	n := 0
	for _, d := range code.DefsOf(res.info, field) {
		cancel, ok := ast.Unparen(cancelOf(res.info, d)).(*ast.SelectorExpr)
		if !ok || d.Func == nil || !res.fieldCalledOutside(res.info, cancel, d.Func) {
			return false
		}
		n++
	}
	return n > 0
}

// filledFromLifetimeField reports whether every use of fn in the package is
// the callee of a call (go or not) whose argument i is a lifetime context
// field.
func (res *Result) filledFromLifetimeField(fn *types.Func, i int) bool {
	calls := res.callsNaming(fn)
	for _, call := range calls {
		if i >= len(call.Args) || !res.lifetimeContextField(call.Args[i]) {
			return false
		}
	}
	return len(calls) > 0
}
