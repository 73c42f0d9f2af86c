package sleepnoctx

import (
	"go/ast"
	"go/constant"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// longWait is how long a cancellation may go unnoticed before it holds anyone
// up. A shutdown's grace period is commonly 30 s, and a cancelled request or a
// stopping process that waits out less than 10 s in all loses little: no
// maintainer rewrites such a wait, so a finding there is true but worthless.
const longWait = 10 * time.Second

// holdsOffLong reports whether, while the region waits at w, a cancellation
// can go unnoticed for longWait or for a time the code does not bound, and
// whether the code shows that time (shown: every wait and the attempt count,
// or the loop's clock budget, have a ceiling in the code). When the region
// checks for cancellation before each wait, that time is one wait;
// otherwise it is every wait of every attempt, or the loop's own clock
// budget and one wait; the sum over the rounds reads the loop's counter
// (retryscope.Result.WaitTotalAtMost: for a := 1; a <= 3; a++ waiting a
// seconds when a < 3 waits 3 s in all). Durations and attempt counts the
// code leaves open (a field, a parameter, a growing wait, no attempt limit)
// count as long, not shown: only provably short waits are left out.
func holdsOffLong(p *lint.Pass, r *retryscope.Region, w *retryscope.Wait, waits []*retryscope.Wait) (long, shown bool) {
	if total, ok := p.Scope.WaitTotalAtMost(r); ok && total < longWait {
		return false, true // every wait of every round, summed, is short
	}
	one, ok := atMost(p, w)
	if !ok {
		return true, false
	}
	if one >= longWait {
		return true, true
	}
	if r.RestartsOnConflict() {
		return false, true // each round another writer made progress: a short pause holds up nobody for long
	}
	if noticesCancel(p, r, w) {
		return false, true
	}
	budget, timed := p.Scope.ClockBudget(r)
	if timed && budget+one < longWait {
		return false, true // the loop's own clock ends it first
	}
	n, ok := p.Scope.AttemptsAtMost(r)
	if !ok {
		return true, timed
	}
	var round time.Duration
	for _, x := range waits {
		d, ok := atMost(p, x)
		if !ok {
			return true, false
		}
		round += max(d, 0)
	}
	return round > 0 && int64(n) >= int64((longWait+round-1)/round), true
}

// noticesCancel reports whether the region notices a cancellation before it
// comes back to the wait: it checks its context or stop channel itself, or
// its helper watches the context between attempts.
func noticesCancel(p *lint.Pass, r *retryscope.Region, w *retryscope.Wait) bool {
	if h := r.Helper; h != nil {
		pol := h.Policy()
		if (h.Entry != nil && h.Entry.ContextAware) || (pol.Context != nil && pol.ContextState != retryscope.CtxBackground) {
			return true
		}
	}
	return p.Scope.NoticesCancel(r, w)
}

// atMost is the longest a wait can last, when its duration has a ceiling in
// the code.
func atMost(p *lint.Pass, w *retryscope.Wait) (time.Duration, bool) {
	if d, ok := durationAtMost(p, w.Duration); ok {
		return d, true
	}
	if w.Duration == nil || w.At == nil {
		return 0, false
	}
	v, ok := code.ClampedBefore(p.TypesInfo, w.At, w.Duration)
	if !ok {
		return 0, false
	}
	return durationOf(v)
}

// durationAtMost is the longest a duration expression can be, when it has a
// ceiling in the code.
func durationAtMost(p *lint.Pass, d ast.Expr) (time.Duration, bool) {
	if d == nil {
		return 0, false
	}
	v, ok := code.AtMost(p.TypesInfo, d)
	if !ok {
		return 0, false
	}
	return durationOf(v)
}

// durationOf is a constant number of nanoseconds as a time.Duration.
func durationOf(v constant.Value) (time.Duration, bool) {
	i := constant.ToInt(v)
	if i.Kind() != constant.Int {
		return 0, false
	}
	ns, exact := constant.Int64Val(i)
	if !exact {
		return 0, false
	}
	return time.Duration(ns), true
}
