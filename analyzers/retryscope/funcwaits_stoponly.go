package retryscope

import (
	"go/ast"
	"slices"
)

// A call through a func value that returns an error is the attempt when the
// loop goes round on its failure. One whose failure only ever leaves the loop
// (if err := r.pause(ctx, n); err != nil { return err }) is not what the loop
// retries: its error says the wait was cut short (a ctx-aware sleep hook, a
// rate limiter's Wait handed in as a func), so it may wait, as one that
// returns no error may. A call whose error nothing tests is still taken for
// the attempt: nothing shows what it is. A literal in reach (a local
// variable's, one a function of the package returns) is read instead: it
// waits only when its body does.

// stopsOnlyOnError reports whether call's outcome is tested in the loop and
// no test of it goes round on failure.
func (f *flow) stopsOnlyOnError(l *loop, call *ast.CallExpr) bool {
	if l.header == nil {
		return false // recursion: the self-call's path decides, not a header
	}
	if lit := f.res.funcs.of(f.info, call.Fun); lit != nil {
		return waitsInside(f.info, lit)
	}
	if f.res.returnedClosure(call) != nil {
		return false // one that waits is a wait already (callWait)
	}
	tested := false
	for _, c := range f.outcomeChecks(l) {
		if !slices.Contains(c.attempts, call) {
			continue
		}
		if l.reachesHeader(c.failure()) {
			return false
		}
		tested = true
	}
	return tested
}
