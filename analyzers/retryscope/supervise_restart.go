package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A restart loop is the second shape of a supervisor, proved from both ends
// rather than from every return of the callee. The attempt is a call of a
// function of this package that is handed the loop's context and may serve
// until that context is cancelled: it, or a function of this package it hands
// the context on to, has a loop with a `case <-ctx.Done():` (an event or
// message loop). And the loop takes cancellation as its clean end: a
// `case <-ctx.Done():` of the same context in the loop returns a nil error.
// A request retried until it succeeds (no serving loop in the callee) and a
// loop that reports cancellation as its error (ctx.Err()) stay retries.

// servingDepth bounds how far the context is followed into callees.
const servingDepth = 3

// restartsComponent reports whether every attempt of check c restarts a
// component that serves until the loop's context is cancelled, or until the
// owner it is called on stops (supervise_ownerstop.go).
func (f *flow) restartsComponent(l *loop, c *outcomeCheck) bool {
	if f.restartsOwned(c) {
		return true
	}
	stops := cleanStops(f.info, loopBody(l.stmt), f.fn)
	if len(c.attempts) == 0 || len(stops) == 0 {
		return false
	}
	for _, call := range c.attempts {
		callee := f.packageCallee(call)
		if callee == nil || callee == f.fn {
			return false
		}
		p := paramGiven(f.info, callee, call, stops)
		if p == nil || !f.serves(callee, p, servingDepth, map[*funcNode]bool{}) {
			return false
		}
	}
	return true
}

// packageCallee returns the declaration in this package that call calls.
func (f *flow) packageCallee(call *ast.CallExpr) *funcNode {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return nil
	}
	callee := f.res.funcs.byObj[fn.Origin()]
	if callee == nil || callee.body == nil {
		return nil
	}
	return callee
}

// paramGiven returns the context parameter of callee that call passes one of
// ctxs to.
func paramGiven(info *types.Info, callee *funcNode, call *ast.CallExpr, ctxs map[types.Object]bool) *types.Var {
	params := callee.params(info)
	for i, arg := range call.Args {
		id, ok := ast.Unparen(arg).(*ast.Ident)
		if ok && i < len(params) && params[i] != nil && ctxs[info.Uses[id]] && IsContext(params[i].Type()) {
			return params[i]
		}
	}
	return nil
}

// serves reports whether fn has a loop that receives from ctx.Done(), or hands
// ctx to a function of this package that does.
func (f *flow) serves(fn *funcNode, ctx *types.Var, depth int, seen map[*funcNode]bool) bool {
	if depth == 0 || seen[fn] {
		return false
	}
	seen[fn] = true
	found := false
	kinds := []ast.Node{(*ast.FuncLit)(nil), (*ast.CommClause)(nil), (*ast.CallExpr)(nil)}
	code.TreeOf(f.info).WalkStack(fn.body, kinds, func(n ast.Node, stack func() []ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if es, ok := n.Comm.(*ast.ExprStmt); ok && doneOf(f.info, es.X) == ctx && inLoop(stack()) {
				found = true
			}
		case *ast.CallExpr:
			if next := f.packageCallee(n); next != nil {
				if p := paramGiven(f.info, next, n, map[types.Object]bool{ctx: true}); p != nil {
					found = f.serves(next, p, depth-1, seen)
				}
			}
		}
		return !found
	})
	return found
}

func inLoop(stack []ast.Node) bool {
	for _, n := range stack {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		}
	}
	return false
}

// cleanStops returns the contexts whose `case <-ctx.Done():` in body returns,
// and returns only a nil error (or nothing, from a function without results).
func cleanStops(info *types.Info, body ast.Node, fn *funcNode) map[types.Object]bool {
	out := map[types.Object]bool{}
	code.TreeOf(info).Inspect(body, []ast.Node{(*ast.FuncLit)(nil), (*ast.CommClause)(nil)}, func(n ast.Node) bool {
		cc, ok := n.(*ast.CommClause)
		if !ok {
			return false // a nested literal returns for itself
		}
		if es, ok := cc.Comm.(*ast.ExprStmt); ok {
			if ctx := doneOf(info, es.X); ctx != nil && returnsNilOnly(info, cc, fn) {
				out[ctx] = true
			}
		}
		return true
	})
	return out
}

// returnsNilOnly reports whether a clause has a return and every return in it
// gives a nil error.
func returnsNilOnly(info *types.Info, cc *ast.CommClause, fn *funcNode) bool {
	results := 0
	if fn.typ.Results != nil {
		results = fn.typ.Results.NumFields()
	}
	returns, ok := false, true
	code.TreeOf(info).Inspect(cc, []ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet {
			return false
		}
		returns = true
		switch {
		case results == 0:
		case len(ret.Results) == results && code.IsNil(info, ret.Results[results-1]):
		default:
			ok = false
		}
		return false
	})
	return returns && ok
}

// doneOf returns the context variable x of a receive `<-x.Done()`.
func doneOf(info *types.Info, e ast.Expr) types.Object {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Done" {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*types.Var); ok && IsContext(v.Type()) {
		return v
	}
	return nil
}
