package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A receive loop takes what another system has for it — a long poll, a
// consumer's fetch — hands it on and goes round:
//
//	for {
//		updates, err := b.getUpdates(offset)
//		if err != nil {
//			log.Println(err)
//			continue
//		}
//		for _, u := range updates { dest <- u }
//	}
//
// Its call waits on the other system for the next item, so its success way
// needs no pause. Its failure way does: while that system is down or the
// connection is gone, the call fails at once, and a way back to it with no
// wait calls the failing system again as fast as the failures come, for as
// long as they last, logging each. It is no retry (a success goes round
// too), so the retry rules never see it. The proof is an accept loop's
// (poll_spin.go): a failure way back to the header with no wait, no blocking
// channel operation, no call out of reach, no test that tells the errors
// that go round apart (a read that times out waited for its deadline; a
// sentinel may be an expected answer), and no counter of rounds; with
// no wait anywhere in the loop (a wait on the success way makes a periodic
// job, poll_periodic.go), a success way that goes round too, no retry region
// of the loop (a retry is judged as one), and a call that reaches another
// system (Region.Remote) through code in reach: a function of the analysed
// module or of the standard library. A library's consumer may back off or
// block inside (kafka-go's reader, a pub/sub client reading its own buffer);
// its loop is left alone (decided on set X1, where three of seven such
// loops were wrong).

// receiveSpinRegion returns a receive loop of l whose failure way goes back
// to its call at once, as a region, or nil.
func (f *flow) receiveSpinRegion(l *loop) *Region {
	if fs, ok := l.stmt.(*ast.ForStmt); !ok || fs.Cond != nil || !f.pausesNever(l) {
		return nil // a range takes the next item each round; a wait on the success way makes a periodic job
	}
	for _, c := range f.spinChecks(l) {
		if !f.receives(l, c) {
			continue
		}
		if !f.backAtOnce(l, c) || f.classification(l, c, c.vars) != nil {
			return nil // a class test picks the failures that go round: a timeout comes after the call waited for its deadline
		}
		return f.uncountedSpin(l, c)
	}
	return nil
}

// receives reports whether c tests the error of calls in reach after which
// both ways go round, and which work on no item the round took.
func (f *flow) receives(l *loop, c *outcomeCheck) bool {
	return f.testsError(c) && l.reachesHeader(c.failure()) && l.reachesHeader(c.success()) &&
		!f.inReceiveCase(l, c.attempts) && f.callsInReach(c.attempts) && !f.takesRoundItem(l, c.attempts)
}

// inReceiveCase reports whether one of the calls lies in a select case of
// the loop: it works on what that case received, the next item each round.
func (f *flow) inReceiveCase(l *loop, calls []*ast.CallExpr) bool {
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		if cc, ok := n.(*ast.CommClause); ok && cc.Comm != nil {
			for _, call := range calls {
				found = found || within(cc, call)
			}
		}
		return !found
	})
	return found
}

// takesRoundItem reports whether an argument of one of the calls reads a
// variable declared in the loop: each round hands the call the item it
// took (a token parsed, a message read), so a failure is that item's and the
// next round works on another one.
func (f *flow) takesRoundItem(l *loop, calls []*ast.CallExpr) bool {
	scope := f.loopScope(l)
	found := false
	for _, call := range calls {
		for _, arg := range call.Args {
			code.Inspect(arg, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, isVar := f.info.Uses[id].(*types.Var); isVar && withinNode(scope, v) {
						found = true
					}
				}
				return !found
			})
		}
	}
	return found
}

// callsInReach reports whether every call is of a function of the analysed
// module or of the standard library: a library's client (a consumer's
// Fetch, a pub/sub Receive) may back off, block on a buffer or stop dialling
// inside, out of sight, and an interface's method may be any of them.
func (f *flow) callsInReach(calls []*ast.CallExpr) bool {
	for _, call := range calls {
		fn := code.Callee(f.info, call)
		if fn == nil || fn.Pkg() == nil || code.IsInterfaceMethod(fn) {
			return false
		}
		if path := fn.Pkg().Path(); !ownModule(f.pass, path) && !standardLibrary(path) {
			return false
		}
	}
	return true
}

// SpinningReceives returns the receive loops that reach another system and
// whose failure way goes back to the call at once.
func (res *Result) SpinningReceives() []*Region {
	return remoteRegions(res.spins.receives, func(*Region) bool { return true })
}

// ReceiveName names a receive loop's call for its finding.
func (res *Result) ReceiveName(r *Region) string {
	if len(r.Attempts) > 0 {
		if fn := code.Callee(res.info, r.Attempts[0]); fn != nil {
			return fn.Name()
		}
	}
	return "the call"
}
