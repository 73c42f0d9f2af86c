package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// inboundRequest reports whether e reads a request built elsewhere, whose
// context its server or sender ends: a field of type *http.Request (a web
// framework's c.Request), or a call of a Request() accessor (a framework
// context's c.Request()). An accessor out of reach (an interface's method,
// another package's) hands what it was given; one of the package is read
// like any helper that returns a request (helperRequestHasDeadline), so one
// that builds its request without a context stays unbounded.
func (c *checker) inboundRequest(e ast.Expr) bool {
	if c.fieldOfSel(e) != nil {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(c.info, call)
	if !isRequestAccessor(fn) {
		return false
	}
	if c.decls[fn.Origin()] != nil {
		return c.helperRequestHasDeadline(fn, call, nil, 1)
	}
	return true
}

// isRequestAccessor reports whether fn is a method Request() that returns
// only a *http.Request.
func isRequestAccessor(fn *types.Func) bool {
	if fn == nil || fn.Name() != "Request" {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		code.IsNamed(sig.Results().At(0).Type(), "net/http", "Request")
}
