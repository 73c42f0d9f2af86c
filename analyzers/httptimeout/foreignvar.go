package httptimeout

import (
	"go/ast"
	"go/types"
)

// A client assigned to a package-level variable of another package
// (lib.DefaultHTTPClient = &http.Client{...}) is that package's client from
// then on: it sends with it and decides the deadlines of those requests, as
// for a client stored in a field of a struct declared there (handoff.go).
// net/http's own variables are not another package's sender: replacing
// http.DefaultClient gives every http.Get of the program that client.

// foreignVariable reports whether the client expression outer is assigned,
// by parent, to a package-level variable of another package.
func (c *checker) foreignVariable(outer ast.Expr, parent ast.Node) bool {
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	i := indexOf(as.Rhs, outer)
	if i < 0 {
		return false
	}
	sel, ok := ast.Unparen(as.Lhs[i]).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := c.info.Uses[sel.Sel].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Pkg() == c.p.Pkg || v.Parent() != v.Pkg().Scope() {
		return false
	}
	return v.Pkg().Path() != "net/http"
}
