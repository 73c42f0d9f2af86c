package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A wait a few calls down. A loop's failure path often calls a method of
// its package that only hands on to another (a wrapper adding a reporter),
// which waits itself (h.onThrottle(ctx, err) -> h.handle(ctx, err) ->
// select { case <-t.C: case <-ctx.Done(): }). waitsInside reads one body;
// the wrapper waits when every way through it makes the waiting call: a
// call made before any way out of it returns. A call on a branch it may
// skip is no wait of its own.

// maxWaitChain is how many calls down a wait is still the caller's.
const maxWaitChain = 3

// waitsDown reports whether fn waits itself (waitsInside) or on every way
// through it calls a function of the package that does, a few calls down.
func (f *flow) waitsDown(fn *funcNode) bool {
	return f.waitsWithin(fn, 0)
}

func (f *flow) waitsWithin(fn *funcNode, depth int) bool {
	if waitsInside(f.info, fn) {
		return true
	}
	if depth >= maxWaitChain {
		return false
	}
	if fn.body == nil {
		return false
	}
	for _, call := range alwaysMadeCalls(fn.body) {
		c := code.Callee(f.info, call)
		if c == nil {
			continue
		}
		if next := f.res.funcs.byObj[c.Origin()]; next != nil && next != fn && next.body != nil && f.waitsWithin(next, depth+1) {
			return true
		}
	}
	return false
}

// alwaysMadeCalls returns the calls that the top-level statements of body
// make themselves (f(x), v := f(x), return f(x), return !f(x)) up to the
// first statement that may return on a way of its own.
func alwaysMadeCalls(body *ast.BlockStmt) []*ast.CallExpr {
	var out []*ast.CallExpr
	add := func(exprs ...ast.Expr) {
		for _, e := range exprs {
			e = ast.Unparen(e)
			if u, ok := e.(*ast.UnaryExpr); ok {
				e = ast.Unparen(u.X)
			}
			if call, ok := e.(*ast.CallExpr); ok {
				out = append(out, call)
			}
		}
	}
	for _, s := range body.List {
		switch s := s.(type) {
		case *ast.ExprStmt:
			add(s.X)
		case *ast.AssignStmt:
			add(s.Rhs...)
		case *ast.ReturnStmt:
			add(s.Results...)
			return out
		default:
			if exitsEarly(s) {
				return out
			}
		}
	}
	return out
}

// exitsEarly reports whether s holds a return or a goto outside nested
// function literals.
func exitsEarly(s ast.Stmt) bool {
	found := false
	code.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			found = found || n.Label != nil
		}
		return !found
	})
	return found
}
