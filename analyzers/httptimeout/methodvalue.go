package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// The method value http.DefaultClient.Do handed to a function of the package
// (proxy(w, r, u, http.DefaultClient.Do)) sends whatever that function calls
// it with. It is bounded when the function only calls it, directly, with
// requests that carry a deadline or its caller's context (requestHasDeadline;
// the function's context parameters bound as this call's arguments are). Any
// other use of the parameter (stored, passed on, called with a request built
// without a context) keeps the finding.

// methodValueSendsWithDeadline reports whether sel.Do, the method value p, is
// an argument of a call to such a function.
func (c *checker) methodValueSendsWithDeadline(p *ast.SelectorExpr, parent ast.Node) bool {
	call, ok := parent.(*ast.CallExpr)
	if !ok || p.Sel.Name != "Do" || call.Ellipsis.IsValid() {
		return false
	}
	j := indexOf(call.Args, p)
	fn := code.Callee(c.info, call)
	if j < 0 || fn == nil {
		return false
	}
	decl := c.decls[fn.Origin()]
	if decl == nil || decl.Body == nil {
		return false
	}
	params := retryscope.Params(c.info, decl.Type)
	if len(params) != len(call.Args) || params[j] == nil {
		return false
	}
	inner := make(map[*types.Var]bool)
	for k, prm := range params {
		if prm != nil && retryscope.IsContext(prm.Type()) && c.hasDeadline(call.Args[k], nil) {
			inner[prm] = true
		}
	}
	sends := 0
	ok = c.eachUseAfter(params[j], token.NoPos, decl.Body, func(id *ast.Ident, stack []ast.Node) bool {
		use, isCall := parentAt(stack, len(stack)-2).(*ast.CallExpr)
		if !isCall || use.Fun != id || len(use.Args) != 1 || !c.requestHasDeadline(use.Args[0], decl.Body, inner, 0) {
			return false
		}
		sends++
		return true
	})
	return ok && sends > 0
}
