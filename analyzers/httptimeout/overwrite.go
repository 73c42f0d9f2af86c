package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A client literal may be a placeholder for the caller's client:
// `c := &http.Client{}; if x != nil { *c = *x }`, the struct copy replacing
// every field, Timeout and Transport included, whenever the caller brings a
// client (x a parameter, or an exported field of an exported struct the
// caller fills). The empty client then runs only when the caller brings none,
// as with a nil fallback (fallback.go): the finding belongs where the package
// passes nil, not on the placeholder.

// copiedOverFallback reports whether the client expression outer, stored in
// a local variable by parent, is such a placeholder; if so it reports the
// places of the package that bring no client.
func (c *checker) copiedOverFallback(outer ast.Expr, parent ast.Node, stack []ast.Node) bool {
	as, ok := parent.(*ast.AssignStmt)
	fd := enclosingDecl(stack)
	if !ok || fd == nil || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != outer {
		return false
	}
	v := code.VarOf(c.info, as.Lhs[0])
	block, isBlock := parentAt(stack, indexOfNode(stack, as)-1).(*ast.BlockStmt)
	if v == nil || !isBlock {
		return false
	}
	next := after(block, as)
	if len(next) == 0 {
		return false
	}
	src := c.copiedOver(next[0], v)
	if src == nil {
		return false
	}
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	if k := code.ParamIndex(retryscope.Params(c.info, fd.Type), code.VarOf(c.info, src)); k >= 0 {
		c.reportNilArgs(fn, k, fn, "a new http.Client", 0)
		return true
	}
	if f, named := c.fallbackField(src, nil, stack); f != nil {
		c.reportBareLiterals(named, f, fn, "a new http.Client")
		return true
	}
	return false
}

// copiedOver returns x when s is `if x != nil { *v = *x }` (the copy the
// first statement of the branch), or nil.
func (c *checker) copiedOver(s ast.Stmt, v *types.Var) ast.Expr {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || len(ifs.Body.List) == 0 {
		return nil
	}
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ || !code.IsNil(c.info, cond.Y) {
		return nil
	}
	cp, ok := ifs.Body.List[0].(*ast.AssignStmt)
	if !ok || cp.Tok != token.ASSIGN || len(cp.Lhs) != 1 || len(cp.Rhs) != 1 {
		return nil
	}
	dst, ok1 := ast.Unparen(cp.Lhs[0]).(*ast.StarExpr)
	from, ok2 := ast.Unparen(cp.Rhs[0]).(*ast.StarExpr)
	if !ok1 || !ok2 || code.VarOf(c.info, dst.X) != v || types.ExprString(from.X) != types.ExprString(cond.X) {
		return nil
	}
	return cond.X
}

func indexOfNode(stack []ast.Node, n ast.Node) int {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == n {
			return i
		}
	}
	return -1
}
