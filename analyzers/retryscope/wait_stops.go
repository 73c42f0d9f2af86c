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

// stopSignal reports whether cond tests such a verdict.
func (f *flow) stopSignal(l *loop, cond ast.Expr) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = f.policyVerdict(l, n) || f.libraryStop(l, n)
		case *ast.Ident:
			if v, ok := f.info.Uses[n].(*types.Var); ok && l.contains(v.Pos()) {
				for _, rhs := range f.defsOf(v) {
					if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && f.policyVerdict(l, call) {
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
