package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A request built with a context read from an unexported field of the
// package (http.NewRequestWithContext(c.ctx, …)) carries whatever the
// package stores in that field. It is bounded when every store of the field
// outside tests (a keyed struct-literal element or an assignment, at least
// one) is a context with a deadline or a caller's context (hasDeadline): the
// per-exchange context a net.Resolver hands its Dial hook, kept in the conn
// the hook returns, say. One store of context.Background() keeps it
// unbounded; an exported field may be filled anywhere and is not followed.

// fieldContextBounded reports whether e reads such a field.
func (c *checker) fieldContextBounded(e ast.Expr) bool {
	f := c.fieldOfSel(e)
	if f == nil || f.Exported() || f.Pkg() != c.p.Pkg || !retryscope.IsContext(f.Type()) {
		return false
	}
	stores, ok := 0, true
	for _, file := range c.p.Files {
		code.TreeOf(c.info).Inspect(file, []ast.Node{(*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
			if !ok || c.p.TestCode(n.Pos()) {
				return ok
			}
			for _, v := range c.fieldStores(n, f) {
				stores++
				if v == nil || !c.hasDeadline(v, nil) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok && stores > 0
}

// fieldStores returns the values n stores in field f.
func (c *checker) fieldStores(n ast.Node, f *types.Var) []ast.Expr {
	switch n := n.(type) {
	case *ast.KeyValueExpr:
		if c.fieldOfKey(n) == f {
			return []ast.Expr{n.Value}
		}
	case *ast.AssignStmt:
		var out []ast.Expr
		for j, l := range n.Lhs {
			if c.fieldOfSel(l) == f {
				out = append(out, code.PairedRHS(n.Lhs, n.Rhs, j))
			}
		}
		return out
	}
	return nil
}
