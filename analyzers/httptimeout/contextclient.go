package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A library call that sends with the http.Client its context carries, or
// with http.DefaultClient when it carries none (the knowledge base's
// http_timeout.context_client_senders: golang.org/x/oauth2's token
// requests), handed context.Background() or context.TODO(), directly or
// through a local every value of which is one, sends with no timeout and no
// deadline: a token endpoint that never answers holds its caller forever. A
// context from elsewhere (a parameter, a request's) may carry a client or a
// deadline, and one made here with WithValue or WithTimeout does: quiet.
// Decided on R1 (OAuth callbacks exchanging a code with context.Background()).

// contextClientSend reports such a call of fn.
func (c *checker) contextClientSend(call *ast.CallExpr, fn *types.Func) {
	ctx := code.ContextArg(c.info, call)
	if ctx == nil || !bareRoot(c.info, ctx, 0) {
		return
	}
	c.p.Reportf(call, "%s sends with http.DefaultClient, which has no timeout, when its context carries no client, and %s has no deadline: "+
		"a server that never answers blocks it forever; pass a context with a deadline, or one carrying an http.Client with Timeout (oauth2.HTTPClient)",
		code.DisplayName(fn), types.ExprString(ctx))
}

// bareRoot reports whether e is context.Background() or context.TODO(), or a
// local variable every value of which is one.
func bareRoot(info *types.Info, e ast.Expr, depth int) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		fn := code.Callee(info, call)
		return fn != nil && (fn.FullName() == "context.Background" || fn.FullName() == "context.TODO")
	}
	v := code.VarOf(info, e)
	if v == nil || v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || depth > 3 {
		return false
	}
	n := 0
	for _, d := range code.DefsOf(info, v) {
		if !d.Replaces() || !d.ByName() || d.Value == nil || !bareRoot(info, d.Value, depth+1) {
			return false
		}
		n++
	}
	return n > 0
}
