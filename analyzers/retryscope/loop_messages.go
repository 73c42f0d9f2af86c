package retryscope

import (
	"go/ast"
	"go/types"
	"slices"
)

// withMessages adds to errs the string variables that hold one of their
// messages (msg := err.Error()): a test of such a string tells errors apart as
// much as a test of err.Error() in place does.
func withMessages(info *types.Info, body ast.Node, errs []types.Object) []types.Object {
	out := slices.Clip(errs)
	walkBody(info, body, assignKinds, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					out = addMessageVar(info, out, errs, lhsObj(info, n.Lhs[i]), rhs)
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, rhs := range n.Values {
					out = addMessageVar(info, out, errs, info.Defs[n.Names[i]], rhs)
				}
			}
		}
		return true
	})
	return out
}

func addMessageVar(info *types.Info, out, errs []types.Object, v types.Object, rhs ast.Expr) []types.Object {
	if v != nil && isMessageOf(info, rhs, errs) {
		return appendNew(out, v)
	}
	return out
}

// isMessageOf reports whether e is x.Error() for an x that mentions one of errs.
func isMessageOf(info *types.Info, e ast.Expr, errs []types.Object) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Error" && mentions(info, sel.X, errs)
}
