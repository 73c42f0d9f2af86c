package retryscope

import (
	"go/ast"
	"go/types"
)

// A method that calls itself on another value of its receiver's type, read
// from a field of its receiver (l.fallback.output(r), n.next.send(m)), hands
// the attempt on along a chain: another object tries, a failover that ends
// where the field is nil, not the failed attempt again. A call on the
// receiver itself, or on a variable that holds it, stays a retry.

// followsLink reports whether a self-call is made on such a field.
func (f *flow) followsLink(call *ast.CallExpr) bool {
	recv := receiverOf(f.fn)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if recv == nil || !ok {
		return false
	}
	link, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(link.X).(*ast.Ident)
	t := f.info.TypeOf(link)
	return ok && f.info.Uses[id] == recv && t != nil && types.Identical(t, recv.Type())
}
