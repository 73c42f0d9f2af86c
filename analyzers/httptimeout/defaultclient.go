package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// defaultClient reports a use of http.DefaultClient, unless the use assigns
// it a configuration, compares it, or is a Do of a request whose context got a
// deadline in the same function.
func (c *checker) defaultClient(sel *ast.SelectorExpr, stack []ast.Node) {
	i := len(stack) - 2
	switch p := parentAt(stack, i).(type) {
	case *ast.BinaryExpr:
		if p.Op == token.EQL || p.Op == token.NEQ {
			return // an identity check, not a use
		}
	case *ast.KeyValueExpr, *ast.AssignStmt:
		if c.fieldSendsWithDeadline(c.storedField(sel, p)) || c.nilFallback(sel, stack) {
			return // fields.go
		}
		if c.callerFallback(sel, stack, "http.DefaultClient") {
			return // the caller's choice (fallback.go)
		}
	case *ast.SelectorExpr:
		if as, ok := parentAt(stack, i-1).(*ast.AssignStmt); ok && indexOf(as.Lhs, p) >= 0 {
			return // http.DefaultClient.Timeout = ... configures it
		}
		if call, ok := parentAt(stack, i-1).(*ast.CallExpr); ok && p.Sel.Name == "Do" && len(call.Args) == 1 &&
			c.requestHasDeadline(call.Args[0], outermostBody(stack), nil, 0) {
			return
		}
	}
	c.p.Reportf(sel, "http.DefaultClient has no timeout: a server that never answers blocks the call forever; "+
		"use a client with Timeout, or send requests whose context has a deadline")
}

// requestHasDeadline reports whether a request was built, in the same function,
// with a context that got a deadline there (http.NewRequestWithContext(ctx, ...)
// or req.WithContext(ctx)). dl holds the context parameters of the function
// known to carry a deadline (bound to such a context at the call site).
func (c *checker) requestHasDeadline(e ast.Expr, body *ast.BlockStmt, dl map[*types.Var]bool, depth int) bool {
	if body == nil || depth > 3 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := code.Callee(c.info, x)
		if fn == nil {
			return false
		}
		switch {
		case fn.FullName() == "net/http.NewRequestWithContext" && len(x.Args) > 0:
			return c.hasDeadline(x.Args[0], dl)
		case (fn.Name() == "WithContext" || fn.Name() == "Clone") && code.IsMethod(fn) && len(x.Args) == 1 && isRequestMethod(fn):
			return c.hasDeadline(x.Args[0], dl)
		}
	case *ast.Ident:
		v, ok := c.info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		for _, d := range localDefs(c.info, body, v) {
			if c.requestHasDeadline(d, body, dl, depth+1) {
				return true
			}
		}
	}
	return false
}

func isRequestMethod(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && code.IsObject(n.Obj(), "net/http", "Request")
}
