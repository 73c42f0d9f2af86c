package httptimeout

import (
	"go/ast"
	"go/types"
)

// golang.org/x/net/context/ctxhttp sends with the client and the context it
// is handed: ctxhttp.Do(ctx, client, req) is client.Do of req under ctx, and
// Get, Head, Post and PostForm build their request from ctx. Its functions
// have no body in the analysed code (and no facts), so the client handed to
// them is read here, as one handed to a function of the package would be.

const ctxhttpPath = "golang.org/x/net/context/ctxhttp"

// ctxhttpSendsWithDeadline reports whether call is a ctxhttp send of the
// client at argument j whose context has a deadline.
func (c *checker) ctxhttpSendsWithDeadline(fn *types.Func, call *ast.CallExpr, j int, dl map[*types.Var]bool) bool {
	if j != 1 || len(call.Args) < 3 {
		return false
	}
	ctx := call.Args[0]
	return c.hasDeadline(ctx, dl) || c.fieldContextBounded(ctx)
}

// isCtxhttpSend reports whether fn is one of ctxhttp's sends.
func isCtxhttpSend(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != ctxhttpPath {
		return false
	}
	switch fn.Name() {
	case "Do", "Get", "Head", "Post", "PostForm":
		return true
	}
	return false
}
