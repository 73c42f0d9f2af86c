package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A supervisor loop restarts a long-running component: its attempt is a call
// that runs until its context is cancelled, and returns no error only then. A
// failure of such a call ends a lifetime, not a request; going round again
// restarts the component, and the loop's end is meant to be cancellation. It
// is not a retry of an answer. The proof is in the callee, a function of this
// package: every return of a nil error lies after a receive from ctx.Done()
// of one of its context parameters (a top-level `<-ctx.Done()` statement, or
// the `case <-ctx.Done():` of a select), and there is such a receive. A call
// that can succeed without waiting for cancellation (a request, an Exec) is an
// attempt as usual.

// supervises reports whether every attempt of check c is such a call, or the
// loop restarts a component that serves until its context is cancelled
// (supervise_restart.go).
func (f *flow) supervises(l *loop, c *outcomeCheck) bool {
	if f.restartsComponent(l, c) {
		return true
	}
	if len(c.attempts) == 0 {
		return false
	}
	for _, call := range c.attempts {
		fn := code.Callee(f.info, call)
		if fn == nil {
			return false
		}
		callee := f.res.funcs.byObj[fn.Origin()]
		if callee == nil || callee == f.fn || callee.body == nil || !runsUntilCancelled(f.info, callee) {
			return false
		}
	}
	return true
}

// runsUntilCancelled reports whether a function returns a nil error only after
// a receive from ctx.Done() of one of its context parameters.
func runsUntilCancelled(info *types.Info, fn *funcNode) bool {
	name := funcName(fn)
	if name == nil {
		return false
	}
	sig, ok := info.Defs[name].(*types.Func)
	if !ok {
		return false
	}
	res := sig.Type().(*types.Signature).Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	ctxParams := map[types.Object]bool{}
	for _, p := range fn.params(info) {
		if p != nil && IsContext(p.Type()) {
			ctxParams[p] = true
		}
	}
	isDone := func(e ast.Expr) bool {
		v := doneOf(info, e)
		return v != nil && ctxParams[v]
	}
	var doneAt token.Pos = token.NoPos // the first top-level <-ctx.Done()
	for _, s := range fn.body.List {
		if es, ok := s.(*ast.ExprStmt); ok && isDone(es.X) {
			doneAt = s.Pos()
			break
		}
	}
	var doneCases []*ast.CommClause
	receives, ok := doneAt.IsValid(), true
	kinds := []ast.Node{(*ast.FuncLit)(nil), (*ast.CommClause)(nil), (*ast.ReturnStmt)(nil)}
	code.TreeOf(info).WalkStack(fn.body, kinds, func(n ast.Node, stack func() []ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if es, isExpr := n.Comm.(*ast.ExprStmt); isExpr && isDone(es.X) {
				doneCases = append(doneCases, n)
				receives = true
			}
		case *ast.ReturnStmt:
			if len(n.Results) != res.Len() {
				ok = false // a bare return of named results: not followed
				return false
			}
			if surelyError(info, n.Results[len(n.Results)-1], stack()) {
				return false
			}
			if doneAt.IsValid() && n.Pos() > doneAt {
				return false
			}
			for _, cc := range doneCases {
				if cc.Pos() <= n.Pos() && n.End() <= cc.End() {
					return false
				}
			}
			ok = false
			return false
		}
		return true
	})
	return ok && receives
}

// surelyError reports whether a returned error is known to be non-nil: a
// variable returned inside `if v != nil`, or errors.New / fmt.Errorf.
func surelyError(info *types.Info, e ast.Expr, stack []ast.Node) bool {
	e = ast.Unparen(e)
	if _, ok := e.(*ast.CallExpr); ok {
		return newError(info, e)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	for i := len(stack) - 1; i > 0; i-- {
		ifs, ok := stack[i-1].(*ast.IfStmt)
		if !ok || stack[i] != ifs.Body {
			continue
		}
		if b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); ok && b.Op == token.NEQ && code.IsNil(info, b.Y) {
			if x, ok := ast.Unparen(b.X).(*ast.Ident); ok && v != nil && info.Uses[x] == v {
				return true
			}
		}
	}
	return false
}

func funcName(fn *funcNode) *ast.Ident {
	if fd, ok := fn.node.(*ast.FuncDecl); ok {
		return fd.Name
	}
	return nil
}

// restartRegion returns a restart loop, whose checks restarting restart a
// component, as a region for its waits only (Result.Restarts); nil without
// such checks.
func (f *flow) restartRegion(l *loop, restarting []*outcomeCheck) *Region {
	if len(restarting) == 0 {
		return nil
	}
	r := &Region{Kind: LoopRegion, Pos: l.stmt.Pos(), Loop: l.stmt, Body: loopBody(l.stmt), Func: f.fn.node, Restart: true}
	for _, c := range restarting {
		r.Attempts = appendNew(r.Attempts, c.attempts...)
		r.ErrVars = appendNew(r.ErrVars, c.vars...)
	}
	r.Context = contextAt(f.pass, l.pos)
	r.Waits = f.waits(l)
	r.Bound = f.bound(l)
	return r
}
