package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A copy of http.DefaultClient — `hc := *http.DefaultClient` — is a new
// client value; DefaultClient itself is left alone. When the statements that
// follow the copy in its block only configure it (assign its fields) until
// one gives it a non-zero Timeout, nothing can send through the copy before
// it has that Timeout: the copy is a client with a Timeout, not a use of
// DefaultClient.

// configuredCopy reports whether e, `*http.DefaultClient`, is copied into a
// local variable that gets a Timeout in that way.
func (c *checker) configuredCopy(e ast.Expr) bool {
	star, ok := ast.Unparen(e).(*ast.StarExpr)
	if !ok {
		return false
	}
	path := code.TreeOf(c.info).Enclosing(star)
	i := 1
	for i < len(path) {
		if _, paren := path[i].(*ast.ParenExpr); !paren {
			break
		}
		i++
	}
	if i+1 >= len(path) {
		return false
	}
	var stmt ast.Stmt
	var v *types.Var
	switch p := path[i].(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 && len(p.Rhs) == 1 {
			stmt, v = p, code.VarOf(c.info, p.Lhs[0])
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 && i+2 < len(path) {
			stmt, _ = path[i+2].(*ast.DeclStmt)
			v, _ = c.info.Defs[p.Names[0]].(*types.Var)
		}
	}
	if v == nil || stmt == nil {
		return false
	}
	block, _ := parentOf(path, stmt).(*ast.BlockStmt)
	return block != nil && c.timeoutBeforeUse(v, after(block, stmt))
}

// parentOf returns the node around n in path (innermost first), or nil.
func parentOf(path []ast.Node, n ast.Node) ast.Node {
	for i, x := range path {
		if x == n && i+1 < len(path) {
			return path[i+1]
		}
	}
	return nil
}

// timeoutBeforeUse reports whether, in stmts, the client variable v gets a
// non-zero Timeout (v.Timeout = t) before any statement but assignments to
// its other fields mentions it.
func (c *checker) timeoutBeforeUse(v *types.Var, stmts []ast.Stmt) bool {
	isV := func(o types.Object) bool { return o == v }
	for _, s := range stmts {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || !c.setsFieldsOf(as, v) {
			if code.Mentions(c.info, s, isV) {
				return false
			}
			continue
		}
		for j, l := range as.Lhs {
			if ast.Unparen(l).(*ast.SelectorExpr).Sel.Name == "Timeout" {
				return !isZero(c.info, as.Rhs[j])
			}
		}
	}
	return false
}

// setsFieldsOf reports whether every left side of as is a field of v and no
// right side mentions v.
func (c *checker) setsFieldsOf(as *ast.AssignStmt, v *types.Var) bool {
	if len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for j, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || code.VarOf(c.info, sel.X) != v || code.Mentions(c.info, as.Rhs[j], func(o types.Object) bool { return o == v }) {
			return false
		}
	}
	return true
}

// The same nil fallback is also written default first: `hc :=
// http.DefaultClient; if x.f != nil { hc = x.f }`. When every construction of
// the struct in the package fills f with a client that has a Timeout
// (fieldAlwaysTimeout), the default is never what hc holds at a send.

// defaultFirst reports whether a use of http.DefaultClient is such a default.
func (c *checker) defaultFirst(sel *ast.SelectorExpr, stack []ast.Node) bool {
	as, i := assignmentOf(sel, stack)
	if as == nil || len(as.Lhs) != 1 {
		return false
	}
	v := code.VarOf(c.info, as.Lhs[0])
	block, ok := parentAt(stack, i-2).(*ast.BlockStmt)
	rest := []ast.Stmt(nil)
	if ok {
		rest = after(block, as)
	}
	if v == nil || len(rest) == 0 {
		return false
	}
	field, override := c.overrideIfSet(rest[0], v)
	if field == nil {
		return false
	}
	for _, d := range localDefs(c.info, outermostBody(stack), v) {
		if d != sel && d != override {
			return false // hc may be set to something else
		}
	}
	return c.overriddenDefault(field, sel, stack)
}

// overriddenDefault reports whether DefaultClient, the default of the client
// field x.f, is never used or is the caller's choice: every construction in
// the package fills f with a client that has a Timeout, or f is an exported
// field of an exported struct (fallback.go: the literals of the package that
// leave it out and call the method are reported instead).
func (c *checker) overriddenDefault(field ast.Expr, sel *ast.SelectorExpr, stack []ast.Node) bool {
	if c.fieldAlwaysTimeout(c.fieldOfSel(field), nil) {
		return true
	}
	fd := enclosingDecl(stack)
	f, named := c.fallbackField(field, sel, stack)
	if fd == nil || f == nil {
		return false
	}
	if fn, ok := c.info.Defs[fd.Name].(*types.Func); ok {
		c.reportBareLiterals(named, f, fn, "http.DefaultClient")
		return true
	}
	return false
}

// returnedDefault reports whether a use of http.DefaultClient is the fallback
// of an accessor, `if x.f != nil { return x.f }; return http.DefaultClient`,
// that overriddenDefault accepts.
func (c *checker) returnedDefault(sel *ast.SelectorExpr, stack []ast.Node) bool {
	i := len(stack) - 2
	ret, ok := parentAt(stack, i).(*ast.ReturnStmt)
	block, inBlock := parentAt(stack, i-1).(*ast.BlockStmt)
	if !ok || !inBlock || len(ret.Results) != 1 {
		return false
	}
	k := -1
	for j, s := range block.List {
		if s == ret {
			k = j
		}
	}
	if k < 1 {
		return false
	}
	ifs, ok := block.List[k-1].(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return false
	}
	b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ || !code.IsNil(c.info, b.Y) || c.fieldOfSel(b.X) == nil {
		return false
	}
	r, ok := ifs.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != 1 || types.ExprString(r.Results[0]) != types.ExprString(b.X) {
		return false
	}
	return c.overriddenDefault(b.X, sel, stack)
}

// overrideIfSet returns x.f and the value of the override when s is `if x.f
// != nil { v = x.f }`, with no init statement and no else.
func (c *checker) overrideIfSet(s ast.Stmt, v *types.Var) (ast.Expr, ast.Expr) {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return nil, nil
	}
	b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ || !code.IsNil(c.info, b.Y) || c.fieldOfSel(b.X) == nil {
		return nil, nil
	}
	set, ok := ifs.Body.List[0].(*ast.AssignStmt)
	if !ok || set.Tok != token.ASSIGN || len(set.Lhs) != 1 || len(set.Rhs) != 1 ||
		code.VarOf(c.info, set.Lhs[0]) != v || types.ExprString(set.Rhs[0]) != types.ExprString(b.X) {
		return nil, nil
	}
	return b.X, set.Rhs[0]
}
