package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// The fields of a receiver its methods read and write, followed through the
// methods they call on the same receiver: what an attempt made through a
// method reads back, and what a setter changes.

// maxMethodDepth bounds how far methods of one receiver are followed into
// each other.
const maxMethodDepth = 3

// fieldsAttemptsRead returns, per variable an attempt is called on or hands
// to a method of this package as receiver, the fields of it that those
// methods read through their own receiver, following the methods they call
// on it.
func (f *flow) fieldsAttemptsRead(attempts []*ast.CallExpr) map[types.Object][]types.Object {
	out := map[types.Object][]types.Object{}
	for _, call := range attempts {
		code.Inspect(call, func(n ast.Node) bool {
			if m, ok := n.(*ast.CallExpr); ok {
				if root, node := f.methodCalled(m); node != nil {
					out[root] = appendNew(out[root], f.methodFields(node, false, maxMethodDepth)...)
				}
			}
			return true
		})
	}
	return out
}

// writesFieldOf reports whether call is a method of this package, called on a
// variable in fields, that writes one of its fields through its receiver.
func (f *flow) writesFieldOf(call *ast.CallExpr, fields map[types.Object][]types.Object) bool {
	root, node := f.methodCalled(call)
	if node == nil || len(fields[root]) == 0 {
		return false
	}
	for _, w := range f.methodFields(node, true, maxMethodDepth) {
		if slices.Contains(fields[root], w) {
			return true
		}
	}
	return false
}

// methodCalled returns the variable a method of this package is called on
// (c of c.do(req)) and the method's node, or nil.
func (f *flow) methodCalled(call *ast.CallExpr) (types.Object, *funcNode) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	if s := f.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil, nil
	}
	fn := code.Callee(f.info, call)
	root := code.Root(f.info, sel.X, code.ThroughUnary)
	if fn == nil || root == nil {
		return nil, nil
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil || receiverOf(node) == nil {
		return nil, nil
	}
	return root, node
}

// methodFields returns the fields a method reads (written false) or writes,
// element stores included (written true), through its own receiver, and
// through the methods it calls on that receiver, depth levels down.
func (f *flow) methodFields(node *funcNode, written bool, depth int) []types.Object {
	own := receiverOf(node)
	if own == nil || depth == 0 {
		return nil
	}
	var out []types.Object
	if written {
		for _, d := range code.DefsIn(f.info, node.body.Pos(), node.body.End()) {
			lhs := ast.Unparen(d.Lhs)
			if ix, ok := lhs.(*ast.IndexExpr); ok {
				lhs = ast.Unparen(ix.X)
			}
			if v := f.receiverField(lhs, own); v != nil && d.Func == node.node {
				out = appendNew(out, types.Object(v))
			}
		}
	}
	code.Inspect(node.body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !written {
			if v := f.receiverField(e, own); v != nil {
				out = appendNew(out, types.Object(v))
			}
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if root, callee := f.methodCalled(call); callee != nil && root == types.Object(own) && callee != node {
				out = appendNew(out, f.methodFields(callee, written, depth-1)...)
			}
		}
		return true
	})
	return out
}
