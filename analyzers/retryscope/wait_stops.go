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
// error is its context's is no stop of its own. One handed the failure or
// the attempt count, in any package of the module, is read on the failure
// path (verdict_declared.go).

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
					found = found || f.conjoinsVerdict(l, rhs)
				}
			}
		}
		return !found
	})
	return found
}

// conjoinsVerdict reports whether a variable's value is false whenever a
// verdict is: the value is the verdict's call, or a chain of && with the call
// as one operand (retry := transient(err) && b.ShouldRetry()). A verdict
// joined by || (transient(err) || b.ShouldRetry()) can be outvoted and stops
// nothing.
func (f *flow) conjoinsVerdict(l *loop, rhs ast.Expr) bool {
	for _, term := range code.Conjuncts(rhs) {
		if call, ok := term.(*ast.CallExpr); ok && (f.policyVerdict(l, call) || f.backoffVerdict(l, call)) {
			return true
		}
	}
	return false
}

// policyVerdict reports whether call is a method of a value declared outside the
// loop with no error among its results.
func (f *flow) policyVerdict(l *loop, call *ast.CallExpr) bool {
	root, ok := f.outsideMethodRoot(l, call)
	if !ok || IsContext(root.Type()) {
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
	fn := code.Callee(f.info, call)
	if _, ok := f.outsideMethodRoot(l, call); !ok || fn == nil {
		return false
	}
	callee := f.res.funcs.byObj[fn.Origin()]
	return callee != nil && callee != f.fn && waitsInside(f.info, callee) && f.returnsOwnError(callee)
}

// outsideMethodRoot returns the variable a method call is made on (through
// fields and indexes: b.policy.Next()) when it is declared outside the loop,
// so that its state outlives one attempt.
func (f *flow) outsideMethodRoot(l *loop, call *ast.CallExpr) (*types.Var, bool) {
	root, ok := code.MethodRoot(f.info, call, code.ThroughIndex)
	if !ok || l.contains(root.Pos()) {
		return nil, false
	}
	return root, true
}

// returnsOwnError reports whether a function's errors are verdicts of its own:
// some return makes one (errors.New, fmt.Errorf, a package-level error
// variable other than the context's), and every other error it returns is
// nil or its context's (ctx.Err()). A function that hands back another
// call's failure (return err) is an attempt, not a backoff saying stop.
func (f *flow) returnsOwnError(fn *funcNode) bool {
	made, relays := false, false
	walkBody(f.info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if len(ret.Results) == 0 && fn.typ.Results.NumFields() > 0 {
			relays = true // named results: whatever was assigned
		}
		for _, e := range ret.Results {
			switch {
			case !code.IsError(f.info.TypeOf(e)) || code.IsNil(f.info, e):
			case newError(f.info, e):
				made = true
			case packageVar(f.info, e) != nil:
				made = made || packageVar(f.info, e).Pkg().Path() != "context"
			case isContextErr(f.info, ast.Unparen(e)):
			default:
				relays = true
			}
		}
		return !relays
	})
	return made && !relays
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

// stopFedByOwnTimer reports whether comm receives from a channel that the
// function making it sends on or closes in its own select's timer case
// (case <-time.After(limit): cancel <- 1; case <-t.C: close(stop)): a
// goroutine's loop that leaves on that receive ends when the maker's timer
// fires, a deadline of the maker's own, not an outside owner's signal.
func (f *flow) stopFedByOwnTimer(comm ast.Stmt) bool {
	ch, _ := receivedChan(comm)
	if ch == nil {
		return false
	}
	v, ok := code.Root(f.info, ch, code.ThroughIndex).(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	maker := f.fn
	for maker != nil && !(maker.body.Pos() <= v.Pos() && v.Pos() < maker.body.End()) {
		maker = maker.parent
	}
	if maker == nil {
		return false
	}
	found := false
	walkBody(f.info, maker.body, []ast.Node{(*ast.CommClause)(nil)}, func(n ast.Node) bool {
		cc := n.(*ast.CommClause)
		found = found || f.timerCase(cc) && stopsChan(f.info, cc.Body, v)
		return !found
	})
	return found
}

// timerCase reports whether a select case receives from a time.After call or
// from a timer's channel.
func (f *flow) timerCase(cc *ast.CommClause) bool {
	if cc.Comm == nil {
		return false
	}
	ch, _ := receivedChan(cc.Comm)
	if call, ok := ast.Unparen(ch).(*ast.CallExpr); ok {
		fn := code.Callee(f.info, call)
		return fn != nil && fn.FullName() == "time.After"
	}
	if sel, ok := ast.Unparen(ch).(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		kind, ok := timeChanKind(f.info.TypeOf(sel.X))
		return ok && kind == WaitTimer
	}
	return false
}

// stopsChan reports whether stmts send on v or close it, outside nested
// function literals.
func stopsChan(info *types.Info, stmts []ast.Stmt, v *types.Var) bool {
	found := false
	kinds := []ast.Node{(*ast.SendStmt)(nil), (*ast.CallExpr)(nil)}
	for _, s := range stmts {
		walkBody(info, s, kinds, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SendStmt:
				found = found || code.Root(info, n.Chan, code.ThroughIndex) == v
			case *ast.CallExpr:
				found = found || closes(info, n, v)
			}
			return !found
		})
	}
	return found
}

// closes reports whether call is the builtin close of v.
func closes(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	return code.IsBuiltinCall(info, call, "close") && len(call.Args) == 1 && code.Root(info, call.Args[0], code.ThroughIndex) == v
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
