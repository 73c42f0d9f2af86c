package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A constructor may build its struct first and set the client field a few
// statements later, from a variable: `h := &T{...}; c := &http.Client{Timeout:
// t}; ...; h.F = c`. Until the assignment nobody but the constructor holds h,
// so no method can see F nil: the literal counts as setting F when h is
// mentioned by no statement between the two, both lie in the same block (the
// assignment runs whenever the literal escapes), and the value is a client
// with a Timeout.

// setBeforeUse reports whether a struct literal that leaves field f unset gets
// f set in that way.
func (c *checker) setBeforeUse(lit *ast.CompositeLit, f *types.Var) bool {
	path := code.TreeOf(c.info).Enclosing(lit)
	i := 1
	if i < len(path) {
		if u, ok := path[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i++
		}
	}
	if i+1 >= len(path) {
		return false
	}
	def, ok := path[i].(*ast.AssignStmt)
	block, inBlock := path[i+1].(*ast.BlockStmt)
	if !ok || !inBlock || len(def.Lhs) != 1 || len(def.Rhs) != 1 {
		return false
	}
	h := code.VarOf(c.info, def.Lhs[0])
	if h == nil {
		return false
	}
	after := false
	for _, s := range block.List {
		if !after {
			after = s == def
			continue
		}
		if set, ok := s.(*ast.AssignStmt); ok && len(set.Lhs) == 1 && len(set.Rhs) == 1 &&
			c.fieldOfSel(set.Lhs[0]) == f && code.VarOf(c.info, ast.Unparen(set.Lhs[0]).(*ast.SelectorExpr).X) == h {
			return c.timeoutValue(set.Rhs[0], firstFuncBody(path))
		}
		if code.Mentions(c.info, s, func(o types.Object) bool { return o == h }) {
			return false
		}
	}
	return false
}

// timeoutValue reports whether e is a client literal with a Timeout, or a
// variable of the function body whose every definition is one and whose
// Timeout the body never sets to zero.
func (c *checker) timeoutValue(e ast.Expr, body *ast.BlockStmt) bool {
	if c.timeoutClient(e) {
		return true
	}
	v := code.VarOf(c.info, e)
	if v == nil || body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false // not a local of this function
	}
	defs := localDefs(c.info, body, v)
	for _, d := range defs {
		if !c.timeoutClient(d) {
			return false
		}
	}
	zeroed := false
	code.TreeOf(c.info).Inspect(body, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		for j, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "Timeout" && code.VarOf(c.info, sel.X) == v {
				r := code.PairedRHS(as.Lhs, as.Rhs, j)
				zeroed = zeroed || r == nil || isZero(c.info, r)
			}
		}
		return true
	})
	return len(defs) > 0 && !zeroed
}
