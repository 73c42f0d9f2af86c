package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A long-lived component is started once: its lifetime function takes only
// the signal that stops it and runs until then (a Start(ctx) error that waits
// for ctx.Done(), a func(stop <-chan struct{}) error). A retry it runs before
// it serves, outside any loop, is a boot-time wait: for a record another
// component creates, for a key the leader makes. It runs once per process
// start, so no herd of callers retries in step with it, and a permanent
// error delays one start by the retry's bound before it is reported. A
// retry inside the component's loops, or in a function its package calls
// from anywhere else, runs per event and stays judged as any retry.
// Decided on R2 (start-up waits of a control plane's components).

// startDepth caps how many unexported callers deep a start-up is followed.
const startDepth = 3

// markComponentStart marks the regions that run once per start of a
// component (Region.StartsOnce).
func markComponentStart(res *Result) {
	for _, r := range res.Regions {
		r.atStart = res.atComponentStart(r) || res.exitsWhenExhausted(r)
	}
}

// atComponentStart reports whether region r runs once per start of a
// component (see above).
func (res *Result) atComponentStart(r *Region) bool {
	if r.Kind == RecursionRegion || res.servesRequests(r) {
		return false
	}
	return res.onceAtStart(r.Pos, r.Loop, 0)
}

// onceAtStart reports whether the code at pos runs once per start: no loop
// around it but own (the region's loop), through function literals that are
// called where they are written (go func() {...}()), up to a lifetime
// function or an unexported function every call of which runs once per start.
func (res *Result) onceAtStart(pos token.Pos, own ast.Stmt, depth int) bool {
	path := enclosingPath(res.files, pos, pos)
	for i := range path {
		switch n := path[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n != own {
				return false
			}
		case *ast.FuncLit:
			if res.lifetimeFunc(n.Type, n.Body, "", true) {
				return true
			}
			if call, ok := path[i+1].(*ast.CallExpr); !ok || ast.Unparen(call.Fun) != n {
				return false
			}
		case *ast.FuncDecl:
			return res.lifetimeFunc(n.Type, n.Body, methodName(n), false) || res.calledOnceAtStart(n, depth)
		}
	}
	return false
}

// calledOnceAtStart reports whether fd is a function only its package calls,
// by name, and every call runs once per start.
func (res *Result) calledOnceAtStart(fd *ast.FuncDecl, depth int) bool {
	fn, _ := res.info.Defs[fd.Name].(*types.Func)
	if fn == nil || depth >= startDepth || !res.onlyCalledHere(fn) {
		return false
	}
	calls := res.callsNaming(fn)
	for _, call := range calls {
		if call.Pos() >= fd.Pos() && call.End() <= fd.End() || !res.onceAtStart(call.Pos(), nil, depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// lifetimeFunc reports whether a function is a component's lifetime: a
// method named Start (name), or a function literal, whose only parameter is
// its stop signal (a context, or stop <-chan struct{}), which returns
// nothing but an error and which waits for the stop outside any loop
// (awaitsStop): it runs until it is stopped, once.
func (res *Result) lifetimeFunc(typ *ast.FuncType, body *ast.BlockStmt, name string, lit bool) bool {
	params := Params(res.info, typ)
	if len(params) != 1 || body == nil || !errorOnly(res.info, typ) || !lit && name != "Start" {
		return false
	}
	stop := params[0]
	if stop == nil {
		return false // unnamed: the body cannot wait for it
	}
	return (isStopChan(stop.Type()) || IsContext(stop.Type())) && awaitsStop(res.info, body, stop)
}

// errorOnly reports whether a function returns nothing or only an error.
func errorOnly(info *types.Info, typ *ast.FuncType) bool {
	if typ.Results == nil || len(typ.Results.List) == 0 {
		return true
	}
	return typ.Results.NumFields() == 1 && code.IsError(info.TypeOf(typ.Results.List[0].Type))
}

// isStopChan reports whether t is <-chan struct{}.
func isStopChan(t types.Type) bool {
	ch, ok := t.Underlying().(*types.Chan)
	if !ok || ch.Dir() != types.RecvOnly {
		return false
	}
	s, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && s.NumFields() == 0
}

// methodName returns the name of a method, "" for a function.
func methodName(fd *ast.FuncDecl) string {
	if fd.Recv == nil {
		return ""
	}
	return fd.Name.Name
}

// awaitsStop reports whether body, or a literal in it, receives from stop
// (or from stop.Done()) outside every loop: once, when it is stopped.
func awaitsStop(info *types.Info, body *ast.BlockStmt, stop *types.Var) bool {
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW && (code.VarOf(info, n.X) == stop || isDoneOf(info, n.X, stop))
		}
		return !found
	})
	return found
}

// isDoneOf reports whether e is ctx.Done().
func isDoneOf(info *types.Info, e ast.Expr, ctx *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Done" && code.VarOf(info, sel.X) == ctx
}
