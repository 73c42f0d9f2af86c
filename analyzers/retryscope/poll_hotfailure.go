package retryscope

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"
)

// A periodic job that retries at once.
//
// A periodic job (poll_periodic.go) waits on its success way and goes round.
// When a call of it fails and the failure way goes back past the only wait —
// `if err != nil { log.Print(err); continue }` above the time.Sleep — an
// outage of the system it calls turns the job into a loop that calls that
// system again at once, for as long as the outage lasts:
//
//	for {
//		if err := refresh(); err != nil { log.Print(err); continue }
//		time.Sleep(period)
//	}
//
// The proof: a `for {}` loop; an error check whose failure way reaches the
// header with no wait of any kind on it; from that check's success the job
// never leaves and passes a timed wait (repeatsOnSuccess); every wait of the
// loop comes after the check, so that none runs between the failure and the
// next call; every call before the check is a checked call; and no counter,
// deadline or owner's stop bounds the loop. The region joins PollErrors (the
// failure way of a loop that is no retry), marked periodic.

// hotPeriodicRegion returns the failure way of such a periodic job, or nil.
func (f *flow) hotPeriodicRegion(l *loop) *Region {
	if loop, ok := l.stmt.(*ast.ForStmt); !ok || loop.Cond != nil {
		return nil
	}
	checks := f.outcomeChecks(l)
	for _, c := range checks {
		if !f.testsError(c) || !l.reachesHeader(c.failure()) || !f.repeatsOnSuccess(l, c, checks) {
			continue
		}
		failWay := l.wayBack(c.failure())
		if !f.waitsAfter(l, c, failWay) || !f.checkedBefore(l, c, checks) {
			return nil
		}
		r := f.wayRegion(l, c, failWay)
		if len(r.Waits) > 0 || r.Bound.Bounded() || r.Bound.Owner != nil {
			return nil
		}
		r.Periodic, r.hotFailure = true, true
		return r
	}
	return nil
}

// waitsAfter reports whether every wait of the loop lies after check c and
// off its failure way.
func (f *flow) waitsAfter(l *loop, c *outcomeCheck, failWay map[*cfg.Block]bool) bool {
	cond := condOf(c.block)
	if cond == nil {
		return false
	}
	for _, w := range f.waits(l) {
		if w.At == nil || w.At.Pos() < cond.End() || f.onWay(w.At, failWay) {
			return false
		}
	}
	return true
}

// checkedBefore reports whether every call in the loop before check c's
// condition ends is a checked call (an attempt of one of the checks, or
// inside one), or sits on a check's failure way (a log line).
func (f *flow) checkedBefore(l *loop, c *outcomeCheck, checks []*outcomeCheck) bool {
	cond := condOf(c.block)
	if cond == nil {
		return false
	}
	attempts := map[*ast.CallExpr]bool{}
	var ways []map[*cfg.Block]bool
	for _, o := range checks {
		for _, a := range o.attempts {
			attempts[a] = true
		}
		ways = append(ways, l.wayBack(o.failure()))
	}
	ok := true
	ast.Inspect(l.stmt, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !ok || !isCall || call.Pos() >= cond.End() {
			return ok
		}
		if attempts[call] {
			return false
		}
		for _, way := range ways {
			if f.onWay(call, way) {
				return true
			}
		}
		ok = false
		return false
	})
	return ok
}

// HotPeriodicFailures returns the periodic jobs that reach another system and
// go round at once after a failure (hotPeriodicRegion), unbounded also by
// their callers (BoundFromCaller).
func (res *Result) HotPeriodicFailures() []*Region {
	return res.pollErrors(func(r *Region) bool { return r.hotFailure && !res.BoundFromCaller(r) })
}
