package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Stop signals. A loop without a counter still ends when a condition that
// leaves it tests the verdict of an object that keeps its own count or state:
// a backoff or policy asked in the loop (d, ok := b.Next(); if !ok,
// if d == backoff.Stop), a closed or done flag read through a method. Such a
// call is a method of a value declared outside the loop whose results hold no
// error (an attempt returns one), tested directly or through a variable the
// loop fills from it. And a timer made before the loop (deadline :=
// time.After(d); t := time.NewTimer(d)) that a select case leaving the loop
// receives from is a deadline of the function's own. A policy handed the
// failure itself, whose answer (an error, a bool) decides the next attempt, is
// a verdict of another kind, read on the failure path (verdict_policy.go).
// A backoff method of the package that waits and returns an error it makes
// itself (errors.New, fmt.Errorf, a sentinel of the package: "no more
// retries") says stop through that error (backoffVerdict); one whose only
// error is its context's is no stop of its own.

// stopSignal reports whether cond tests such a verdict.
func (f *flow) stopSignal(l *loop, cond ast.Expr) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = f.policyVerdict(l, n) || f.libraryStop(l, n) || f.backoffVerdict(l, n)
		case *ast.Ident:
			if v, ok := f.info.Uses[n].(*types.Var); ok && l.contains(v.Pos()) {
				for _, rhs := range f.defsOf(v) {
					if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && (f.policyVerdict(l, call) || f.backoffVerdict(l, call)) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// policyVerdict reports whether call is a method of a value declared outside the
// loop with no error among its results.
func (f *flow) policyVerdict(l *loop, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s := f.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return false
	}
	root, ok := code.Root(f.info, sel.X, code.ThroughIndex).(*types.Var)
	if !ok || l.contains(root.Pos()) || IsContext(root.Type()) {
		return false
	}
	sig, ok := code.Underlying(f.info, call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	for v := range sig.Results().Variables() {
		if isErrorType(v.Type()) {
			return false
		}
	}
	return true
}

// backoffVerdict reports whether call is a method of a value declared outside
// the loop (a count kept across attempts), of a method of the package that
// waits (waitsInside) and returns an error it makes itself.
func (f *flow) backoffVerdict(l *loop, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s := f.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return false
	}
	root, ok := code.Root(f.info, sel.X, code.ThroughIndex).(*types.Var)
	fn := code.Callee(f.info, call)
	if !ok || fn == nil || l.contains(root.Pos()) {
		return false
	}
	callee := f.res.funcs.byObj[fn.Origin()]
	return callee != nil && callee != f.fn && waitsInside(f.info, callee) && f.returnsOwnError(callee)
}

// returnsOwnError reports whether a function returns, in an error result, an
// error it makes (errors.New, fmt.Errorf) or a package-level error variable
// other than the context's (context.Canceled is the caller's stop).
func (f *flow) returnsOwnError(fn *funcNode) bool {
	found := false
	walkBody(f.info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		for _, e := range n.(*ast.ReturnStmt).Results {
			if !code.IsError(f.info.TypeOf(e)) {
				continue
			}
			v := packageVar(f.info, e)
			found = found || newError(f.info, e) || v != nil && code.IsError(v.Type()) && v.Pkg().Path() != "context"
		}
		return !found
	})
	return found
}

// libraryStop reports whether call is a waiting backoff call of the knowledge
// base (lestrrat-go/backoff's Continue) that stops by itself: after its
// retries, or when a context that may end is done. One whose policy is out of
// reach counts as stopping.
func (f *flow) libraryStop(l *loop, call *ast.CallExpr) bool {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	if e := f.res.backoffCall(fn); e == nil || !e.Waits {
		return false
	}
	p := f.libraryWait(l, call, fn).Policy()
	return p.Unbounded == nil || p.ContextState == CtxCaller || p.ContextState == CtxDeadline
}

// timerMadeBefore reports whether a receive reads the channel of a timer
// made before the loop (deadline := time.After(d); t := time.NewTimer(d)).
func (f *flow) timerMadeBefore(l *loop, n ast.Node) bool {
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		u, ok := m.(*ast.UnaryExpr)
		if !ok {
			return !found
		}
		v, ok := code.Root(f.info, u.X, code.ThroughIndex).(*types.Var)
		if !ok || l.contains(v.Pos()) {
			return true
		}
		for _, rhs := range f.defsOf(v) {
			if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
				if fn := code.Callee(f.info, call); fn != nil {
					tw := timeWaits[fn.FullName()]
					found = found || tw.kind == WaitAfter || tw.kind == WaitTimer && isTimeCtor(f.info, call)
				}
			}
		}
		return !found
	})
	return found
}
