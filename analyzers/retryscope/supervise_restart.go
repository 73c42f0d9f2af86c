package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A restart loop is the second shape of a supervisor, proved from both ends
// rather than from every return of the callee. The attempt is a call of a
// function of this package that is handed the loop's stop and may serve until
// that stop comes: it, or a function of this package it hands the stop on to,
// has a loop with a select case on it (an event or message loop). And the
// loop takes the stop as its clean end: a case on the same stop in the loop
// returns a nil error. The stop is a context (`case <-ctx.Done():`) or a
// channel someone may close (`case <-stop:`, dropping the value): a channel
// the loop's owner makes and closes when the component must end. For a
// channel, the callee's case must return a nil error too — a receive on a
// data channel does not end the serving loop — and the argument must be one
// that can be closed (forward_stop.go neverClosed: a channel nobody closes
// stops nothing). The serving loop may also sit in a function literal the
// callee hands to a helper whose result it returns (return withConn(addr,
// func(c *Conn) error { for { select { case <-stop: return nil ... } } })):
// the literal's nil is then the callee's. A request retried until it succeeds
// (no serving loop in the callee) and a loop that reports the stop as its
// error (ctx.Err()) stay retries.

// servingDepth bounds how far the context is followed into callees.
const servingDepth = 3

// restartsComponent reports whether every attempt of check c restarts a
// component that serves until the loop's stop comes, or until the owner it is
// called on stops (supervise_ownerstop.go).
func (f *flow) restartsComponent(l *loop, c *outcomeCheck) bool {
	if f.restartsOwned(c) {
		return true
	}
	stops := cleanStops(f.info, loopBody(l.stmt), f.fn.typ)
	if len(c.attempts) == 0 || len(stops) == 0 {
		return false
	}
	for _, call := range c.attempts {
		callee := f.packageCallee(call)
		if callee == nil || callee == f.fn {
			return false
		}
		arg, p := paramGiven(f.info, callee, call, stops)
		if p == nil || !IsContext(p.Type()) && neverClosed(f.info, f.fn, arg, call) || !f.serves(callee, p, servingDepth, map[*funcNode]bool{}) {
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

// paramGiven returns the argument call passes for a stop parameter of callee
// (a context or a channel) that is one of stops, and that parameter.
func paramGiven(info *types.Info, callee *funcNode, call *ast.CallExpr, stops map[types.Object]bool) (ast.Expr, *types.Var) {
	params := callee.params(info)
	for i, arg := range call.Args {
		id, ok := ast.Unparen(arg).(*ast.Ident)
		if ok && i < len(params) && params[i] != nil && stops[info.Uses[id]] && isStopType(params[i].Type()) {
			return arg, params[i]
		}
	}
	return nil, nil
}

func isStopType(t types.Type) bool {
	if t == nil {
		return false
	}
	_, isChan := t.Underlying().(*types.Chan)
	return isChan || IsContext(t)
}

// serves reports whether fn has a loop with a select case on the stop p,
// or hands p to a function of this package that does. A case on a channel
// must return only a nil error, from the function or the literal it is in.
func (f *flow) serves(fn *funcNode, p *types.Var, depth int, seen map[*funcNode]bool) bool {
	if depth == 0 || seen[fn] || !IsContext(p.Type()) && assigned(f.info, p) {
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
			return resultHanded(n, stack())
		case *ast.CommClause:
			found = n.Comm != nil && stopOf(f.info, n.Comm) == p && inLoop(stack()) &&
				(IsContext(p.Type()) || returnsNilOnly(f.info, n, innerType(fn, stack())))
		case *ast.CallExpr:
			if next := f.packageCallee(n); next != nil {
				if _, q := paramGiven(f.info, next, n, map[types.Object]bool{p: true}); q != nil {
					found = f.serves(next, q, depth-1, seen)
				}
			}
		}
		return !found
	})
	return found
}

// resultHanded reports whether lit, at the top of stack, is an argument of a
// call whose result the function returns or assigns: the helper runs the
// literal and hands its error back (return withConn(addr, func(c *Conn)
// error {...})). A literal started as a goroutine, deferred or stored runs
// apart from the call.
func resultHanded(lit *ast.FuncLit, stack []ast.Node) bool {
	if len(stack) < 3 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || !slices.Contains(call.Args, ast.Expr(lit)) {
		return false
	}
	switch stack[len(stack)-3].(type) {
	case *ast.ReturnStmt, *ast.AssignStmt:
		return true
	}
	return false
}

// innerType returns the type of the innermost function literal on stack, or
// of fn.
func innerType(fn *funcNode, stack []ast.Node) *ast.FuncType {
	for i := len(stack) - 1; i >= 0; i-- {
		if lit, ok := stack[i].(*ast.FuncLit); ok {
			return lit.Type
		}
	}
	return fn.typ
}

// stopOf returns the stop a select case waits for: the context of
// `case <-ctx.Done():`, or the channel variable of `case <-stop:` that drops
// the value.
func stopOf(info *types.Info, comm ast.Stmt) types.Object {
	if es, ok := comm.(*ast.ExprStmt); ok {
		if ctx := doneOf(info, es.X); ctx != nil {
			return ctx
		}
	}
	if v := stopChanVar(info, comm); v != nil {
		return v
	}
	return nil
}

// stopChanVar returns the channel variable, not a field, that comm receives
// from and drops the value of (<-stop, _ = <-stop); a receive that keeps the
// value takes data, no stop signal.
func stopChanVar(info *types.Info, comm ast.Stmt) *types.Var {
	ch, kept := receivedChan(comm)
	id, ok := ast.Unparen(ch).(*ast.Ident)
	if ch == nil || kept || !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() {
		if _, isChan := v.Type().Underlying().(*types.Chan); isChan {
			return v
		}
	}
	return nil
}

// inLoop reports whether the innermost function on stack has a loop around
// its top.
func inLoop(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.FuncLit:
			return false
		}
	}
	return false
}

// cleanStops returns the stops (contexts, channels: stopOf) whose select case
// in body returns, and returns only a nil error (or nothing, from a function
// of type typ without results).
func cleanStops(info *types.Info, body ast.Node, typ *ast.FuncType) map[types.Object]bool {
	out := map[types.Object]bool{}
	code.TreeOf(info).Inspect(body, []ast.Node{(*ast.FuncLit)(nil), (*ast.CommClause)(nil)}, func(n ast.Node) bool {
		cc, ok := n.(*ast.CommClause)
		if !ok {
			return false // a nested literal returns for itself
		}
		if cc.Comm != nil {
			if stop := stopOf(info, cc.Comm); stop != nil && returnsNilOnly(info, cc, typ) {
				out[stop] = true
			}
		}
		return true
	})
	return out
}

// returnsNilOnly reports whether a clause has a return and every return in it
// gives a nil error, in a function of type typ.
func returnsNilOnly(info *types.Info, cc *ast.CommClause, typ *ast.FuncType) bool {
	results := 0
	if typ.Results != nil {
		results = typ.Results.NumFields()
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
