package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// A hand-written retry loop often takes its wait from a backoff library:
// time.Sleep(b.Duration()) with jpillora/backoff, or `for backoff.Continue(c)`
// with lestrrat-go/backoff, which waits inside the call. The knowledge base
// lists such calls (backoff_calls); the configuration of the backoff value is
// followed back from the call, as for a retry helper, and read by its family
// into a Policy: its Shape says whether the wait grows, its Jitter whether it
// is random. A call whose configuration is out of reach, or made afresh inside
// the loop (then every attempt starts the backoff over), stays unknown.

// libraryWait returns the backoff call as a HelperCall with its Policy, or
// nil when fn is no backoff call of the knowledge base.
func (f *flow) libraryWait(l *loop, call *ast.CallExpr, fn *types.Func) *HelperCall {
	e := f.res.backoffCall(fn)
	if e == nil {
		return nil
	}
	// The entry's family carries the option semantics, as a helper's does.
	h := &HelperCall{Call: call, Func: fn, Entry: &rules.RetryHelper{Func: e.Func, Family: e.Family}}
	if f.madeInLoop(l, call) {
		h.policy = &Policy{Family: e.Family} // a new backoff every attempt: unknown
		return h
	}
	h.Settings = settingsOf(f.info, f.res.funcs, f.fn, call, -1)
	h.policy = newPolicy(f.res, f.fn, h)
	return h
}

// madeInLoop reports whether the backoff value a call uses (its receiver, or
// its first argument) is declared or assigned inside the loop.
func (f *flow) madeInLoop(l *loop, call *ast.CallExpr) bool {
	var x ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && f.info.Selections[sel] != nil {
		x = sel.X
	} else if len(call.Args) > 0 {
		x = call.Args[0]
	}
	v, ok := code.Root(f.info, x, code.ThroughIndex).(*types.Var)
	if !ok {
		return false
	}
	if l.contains(v.Pos()) {
		return true
	}
	for _, rhs := range f.defsOf(v) {
		if l.contains(rhs.Pos()) {
			return true
		}
	}
	return false
}

// libraryFacts says how a library's wait changes between attempts.
func libraryFacts(p *Policy, e *exprFacts) {
	switch p.Shape {
	case ShapeExponential, ShapeFibonacci:
		e.variant = true
	case ShapeConstant:
	default:
		e.unknown = true
	}
	switch p.Jitter {
	case TriYes:
		e.random = true
	case TriUnknown:
		e.unknown = true
	}
}

// waitingLibraryCall returns the wait of a backoff call that waits itself.
func (f *flow) waitingLibraryCall(l *loop, call *ast.CallExpr, fn *types.Func) *Wait {
	e := f.res.backoffCall(fn)
	if e == nil || !e.Waits {
		return nil
	}
	h := f.libraryWait(l, call, fn)
	var facts exprFacts
	libraryFacts(h.Policy(), &facts)
	w := &Wait{Kind: WaitOther, At: call, Call: call, Library: h}
	w.Growth, w.Jitter, w.Deterministic = facts.growth(), facts.random, !facts.unknown && !facts.random
	return w
}
