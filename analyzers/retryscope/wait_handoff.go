package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An attempt that waits for another goroutine's answer.
//
// A loop with no wait of its own does not try again at once when its attempt
// (or another call of the loop: a reset on the way back) hands the request
// to a goroutine that already runs and blocks until that one answers: a
// receive on a channel the waiting function did not make (a field, a
// parameter, a variable of an enclosing function):
//
//	next := func(ctx context.Context, key string) (*Page, error) {
//		select {
//		case requests <- key:
//		case <-ctx.Done():
//			return nil, ctx.Err()
//		}
//		select {
//		case p := <-pages:
//			return p, nil
//		case <-ctx.Done():
//			return nil, ctx.Err()
//		}
//	}
//
// The pace is the other goroutine's, which does the I/O and may retry it;
// once that one is gone, the attempt blocks instead of failing. A channel
// the function makes itself is answered by a goroutine it starts for this
// one call (errc := make(chan error, 1); go func() { errc <- send() }()),
// which fails as fast as the call it runs: that is no hand-off. Nor is a
// receive from a call (ctx.Done(), time.After) or of the time (a timer's C).
//
// The engine follows the attempt into the functions of the package it calls,
// and into the func values it can trace back to a literal or a function of
// the package: a field's or variable's values, a parameter's arguments at the
// calls of its function, and for a func type the package declares, every
// literal and function of the package of its signature.

// Bounds of the walk: calls followed down from the attempt, and steps from a
// func value back to the function it holds.
const (
	maxAwaitCalls = 3
	maxAwaitHops  = 6
)

// AwaitsAnswer reports whether a call of the region's code (the loop, or the
// recursive function) blocks on a channel until a goroutine that runs apart
// from it answers (see above). The region's own channel operations are
// BlocksOnChannel's.
func (res *Result) AwaitsAnswer(r *Region) bool {
	var scope ast.Node = r.Body
	if r.Loop != nil {
		scope = r.Loop
	}
	if scope == nil {
		return false
	}
	w := awaitWalk{res: res, seen: make(map[*funcNode]bool)}
	return w.in(scope, nil, 0)
}

type awaitWalk struct {
	res  *Result
	seen map[*funcNode]bool
}

// in reports whether the code under n, part of the body of fn (nil for the
// loop's own code), awaits another goroutine; depth counts the calls
// followed.
func (w *awaitWalk) in(n ast.Node, fn *ast.BlockStmt, depth int) bool {
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false // run when called, or on a goroutine of its own
		case *ast.SelectStmt:
			if hasDefault(m) {
				found = slices.ContainsFunc(m.Body.List, func(c ast.Stmt) bool { return w.inStmts(c.(*ast.CommClause).Body, fn, depth) })
				return false // a select with a default never blocks
			}
		case *ast.UnaryExpr:
			found = m.Op == token.ARROW && fn != nil && w.answerChannel(m.X, fn)
		case *ast.CallExpr:
			found = depth < maxAwaitCalls && slices.ContainsFunc(w.targets(m.Fun, 0), func(t *funcNode) bool { return w.inFunc(t, depth+1) })
		}
		return !found
	})
	return found
}

// inStmts is in over a list of statements.
func (w *awaitWalk) inStmts(list []ast.Stmt, fn *ast.BlockStmt, depth int) bool {
	return slices.ContainsFunc(list, func(s ast.Stmt) bool { return w.in(s, fn, depth) })
}

// inFunc reports whether a function of the package awaits another goroutine.
func (w *awaitWalk) inFunc(fn *funcNode, depth int) bool {
	if w.seen[fn] || fn.body == nil {
		return false
	}
	w.seen[fn] = true
	return w.in(fn.body, fn.body, depth)
}

// answerChannel reports whether a received channel is one another goroutine
// answers on: not made in body, not a call's result, not a clock's.
func (w *awaitWalk) answerChannel(ch ast.Expr, body *ast.BlockStmt) bool {
	info := w.res.info
	if _, isCall := ast.Unparen(ch).(*ast.CallExpr); isCall {
		return false
	}
	if c, ok := typeUnder(info.TypeOf(ch)).(*types.Chan); !ok || code.IsNamed(c.Elem(), "time", "Time") {
		return false
	}
	v := code.Root(info, ch, code.PkgVars)
	return v != nil && (v.Pos() < body.Pos() || v.Pos() >= body.End())
}

// targets returns the functions of the package that a called expression
// may run: the function it names, or the values traced back to it.
func (w *awaitWalk) targets(e ast.Expr, hops int) []*funcNode {
	info := w.res.info
	if fn := w.res.funcs.of(info, e); fn != nil {
		return []*funcNode{fn}
	}
	if hops >= maxAwaitHops {
		return nil
	}
	out := w.ofNamedType(info.TypeOf(e))
	var v *types.Var
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ = info.Uses[x].(*types.Var)
	case *ast.SelectorExpr:
		v, _ = info.Uses[x.Sel].(*types.Var)
	}
	if v == nil {
		return out
	}
	for _, val := range w.valuesOf(v) {
		out = append(out, w.targets(val, hops+1)...)
	}
	return out
}

// ofNamedType returns, for a func type declared in this package (a role the
// package names: type pageGetter func(ctx, key) (*Page, error), or an alias
// of one), the function literals and functions of the package of that
// signature: values reach it through calls of function values too, which the
// tracing does not follow.
func (w *awaitWalk) ofNamedType(t types.Type) []*funcNode {
	var name *types.TypeName
	switch t := t.(type) {
	case *types.Alias:
		name = t.Obj()
	case *types.Named:
		name = t.Obj()
	}
	if name == nil || name.Pkg() != w.res.pkg {
		return nil
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	var out []*funcNode
	for _, fn := range w.res.funcs.list {
		var t types.Type
		if lit, ok := fn.node.(*ast.FuncLit); ok {
			t = w.res.info.TypeOf(lit)
		} else if fn.obj.Signature().Recv() == nil {
			t = fn.obj.Signature()
		}
		if t != nil && types.Identical(t, sig) {
			out = append(out, fn)
		}
	}
	return out
}

// valuesOf returns what the package stores in a func-valued variable: a
// field's or package variable's values, a parameter's arguments at the
// calls of its function.
func (w *awaitWalk) valuesOf(v *types.Var) []ast.Expr {
	info := w.res.info
	if v.IsField() || v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		vals, _ := code.AllValues(info, v)
		return vals
	}
	decl, i := code.ParamOf(info, v)
	helper := code.DeclaredFunc(info, decl)
	if helper == nil || i < 0 {
		return nil
	}
	var out []ast.Expr
	for _, c := range w.res.callsNaming(helper) {
		if !c.Ellipsis.IsValid() && i < len(c.Args) {
			out = append(out, c.Args[i])
		}
	}
	return out
}
