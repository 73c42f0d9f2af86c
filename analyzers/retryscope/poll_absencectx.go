package retryscope

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A call that is handed a context fails with that context's error once it is
// done, and that error is no "not found": a loop that tests its error every
// round and goes round on a failure only past a test for absence
// (pollsAbsence) leaves at the first attempt after a cancellation. A
// cancellation that comes during a wait goes unnoticed for that one wait, no
// longer, whatever else the loop goes round on (an empty answer). A loop that
// goes round on every error would go round on the context's error too, and
// one whose test some rounds skip may wait again before it sees the error.
// Only a short wait (shortPollWait) is let off so: a longer one is still a
// wait a cancelled caller sits through, and nothing but the clock ends it.

// shortPollWait is the longest wait a cancel may sit through unseen before
// the next attempt notices it: the pace of a poll for a row or a port.
const shortPollWait = time.Second

// waitSeenPast reports whether the wait w of r lasts at most shortPollWait
// and r's next attempt sees a cancel (attemptSeesCancel).
func (res *Result) waitSeenPast(r *Region, w *Wait) bool {
	if w.Duration == nil {
		return false
	}
	v, ok := code.AtMost(res.info, w.Duration)
	if !ok {
		return false
	}
	ns, exact := constant.Int64Val(constant.ToInt(v))
	return exact && time.Duration(ns) <= shortPollWait && res.attemptSeesCancel(r)
}

// attemptSeesCancel reports whether r is a loop that, every round, tests the
// error of attempts that are each handed a context whose Done channel can
// close (not ContextNeverEnds), and that goes round on that error only when it says
// "not found".
func (res *Result) attemptSeesCancel(r *Region) bool {
	if r.Kind != LoopRegion || r.ways == nil || res.info == nil {
		return false
	}
	f := r.ways.f
	for _, l := range f.loops() {
		if l.stmt != r.Loop {
			continue
		}
		return slices.ContainsFunc(f.outcomeChecks(l), func(c *outcomeCheck) bool {
			return f.testsError(c) && res.attemptsTakeLiveContext(c.attempts) &&
				l.unavoidable(map[*cfg.Block]bool{c.block: true}) &&
				(!l.reachesHeader(c.failure()) || f.pollsAbsence(l, c))
		})
	}
	return false
}

// attemptsTakeLiveContext reports whether every call is handed a context
// variable that can be done.
func (res *Result) attemptsTakeLiveContext(calls []*ast.CallExpr) bool {
	live := func(a ast.Expr) bool {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			return false
		}
		v, isVar := res.info.Uses[id].(*types.Var)
		return isVar && IsContext(v.Type()) && !res.ContextNeverEnds(v)
	}
	for _, call := range calls {
		if !slices.ContainsFunc(call.Args, live) {
			return false
		}
	}
	return len(calls) > 0
}
