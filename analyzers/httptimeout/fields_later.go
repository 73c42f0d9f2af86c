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
	def, block, h := c.definedBy(lit)
	if h == nil {
		return false
	}
	for _, s := range after(block, def) {
		if set, ok := s.(*ast.AssignStmt); ok && len(set.Lhs) == 1 && len(set.Rhs) == 1 &&
			c.isFieldOf(set.Lhs[0], h, f) {
			return c.timeoutValue(set.Rhs[0], firstFuncBody(code.TreeOf(c.info).Enclosing(block)))
		}
		if code.Mentions(c.info, s, func(o types.Object) bool { return o == h }) {
			return false
		}
	}
	return false
}

// definedBy returns the statement `h := lit` (or `h := &lit`, `h = lit`) that
// stores a struct literal in a variable, the block that holds it, and h; h is
// nil when the literal is not stored so.
func (c *checker) definedBy(lit *ast.CompositeLit) (*ast.AssignStmt, *ast.BlockStmt, *types.Var) {
	path := code.TreeOf(c.info).Enclosing(lit)
	i := 1
	if i < len(path) {
		if u, ok := path[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i++
		}
	}
	if i+1 >= len(path) {
		return nil, nil, nil
	}
	def, ok := path[i].(*ast.AssignStmt)
	block, inBlock := path[i+1].(*ast.BlockStmt)
	if !ok || !inBlock || len(def.Lhs) != 1 || len(def.Rhs) != 1 {
		return nil, nil, nil
	}
	return def, block, code.VarOf(c.info, def.Lhs[0])
}

// isFieldOf reports whether e is h.f.
func (c *checker) isFieldOf(e ast.Expr, h, f *types.Var) bool {
	if c.fieldOfSel(e) != f {
		return false
	}
	return code.VarOf(c.info, ast.Unparen(e).(*ast.SelectorExpr).X) == h
}

// after returns the statements of block that follow s.
func after(block *ast.BlockStmt, s ast.Stmt) []ast.Stmt {
	for i, x := range block.List {
		if x == s {
			return block.List[i+1:]
		}
	}
	return nil
}

// A constructor may also keep the client of the literal and set its Timeout
// later through the same field path: `h := &T{hc: &http.Client{}}; for _, o
// := range opts { o(h) }; h.hc.Timeout = h.timeout; return h`. The assignment
// is a statement of the literal's block, so it runs on every path that goes
// on; the statements before it may hand h to functions (options, which may
// even replace the client: the Timeout then lands on whichever client is
// there, as the code intends), but none returns h, sends with h.hc, or starts
// a goroutine that sees h.

// timeoutAfterLiteral reports whether the client in kv of a struct literal
// gets its Timeout in that way.
func (c *checker) timeoutAfterLiteral(kv *ast.KeyValueExpr) bool {
	f, path := c.fieldOfKey(kv), code.TreeOf(c.info).Enclosing(kv)
	if f == nil || len(path) < 2 {
		return false
	}
	lit, ok := path[1].(*ast.CompositeLit)
	if !ok {
		return false
	}
	def, block, h := c.definedBy(lit)
	if h == nil {
		return false
	}
	isH := func(o types.Object) bool { return o == h }
	for _, s := range after(block, def) {
		if c.setsFieldTimeout(s, h, f) {
			return true
		}
		if c.leaksBefore(s, h, f, isH) {
			return false
		}
	}
	return false
}

// setsFieldTimeout reports whether s is `h.f.Timeout = v` with v not always 0.
func (c *checker) setsFieldTimeout(s ast.Stmt, h, f *types.Var) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for j, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if ok && sel.Sel.Name == "Timeout" && c.isFieldOf(sel.X, h, f) && !isZero(c.info, as.Rhs[j]) {
			return true
		}
	}
	return false
}

// leaksBefore reports whether statement s may let the client out before its
// Timeout is set: a return or a go statement that mentions h, or a method
// call on h.f (a send).
func (c *checker) leaksBefore(s ast.Stmt, h, f *types.Var, isH func(types.Object) bool) bool {
	leaks := false
	code.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			leaks = leaks || code.Mentions(c.info, n, isH)
		case *ast.GoStmt:
			leaks = leaks || code.Mentions(c.info, n, isH)
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && c.isFieldOf(sel.X, h, f) {
				leaks = true
			}
		}
		return !leaks
	})
	return leaks
}

// timeoutValue reports whether e is a client literal with a Timeout, or a
// variable of the function body whose every definition is one and whose
// Timeout the body never sets to zero.
func (c *checker) timeoutValue(e ast.Expr, body *ast.BlockStmt) bool {
	if c.timeoutClient(e) {
		return true
	}
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X // &hc of a local client value
	}
	v := code.VarOf(c.info, e)
	if v == nil || body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false // not a local of this function
	}
	defs := localDefs(c.info, body, v)
	for _, d := range defs {
		if !c.timeoutClient(d) && !c.configuredCopy(d) {
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
