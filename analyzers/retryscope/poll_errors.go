package retryscope

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"
)

// A poll asks "is it there yet?" and, on "not yet", waits and asks again: its
// call succeeded, so going round is no retry and its end is the answer it
// waits for. The call can also fail. When the failure goes round on a way of
// its own (err != nil: sleep, continue), apart from the "not yet" way, the loop
// retries every failure of the call, and the answer the poll waits for never
// comes while the call fails: a dependency that is down, or a context that is
// cancelled (most calls then fail at once), keeps it going forever unless
// something else bounds the loop. Result.PollErrors holds such failure ways
// as loop regions whose Waits are the waits on that way. Only the claims that
// stay true of a poll are made on them — no bound (unboundedretry), a wait
// that ignores cancellation (sleepnoctx): a poll retrying a transient error at
// its polling pace, unclassified, with a constant wait, is ordinary.

// PollErrorsNoOwnerStops returns the failure ways of poll loops
// (PollErrors) that reach another system and that no owner's stop signal
// ends (Bound.Owner): a poll its owner stops lives as long as the owner, and
// the owner's Close ends its waits too. Any other bound may end them later
// than a cancellation: it does not count here.
func (res *Result) PollErrorsNoOwnerStops() []*Region {
	return res.pollErrors(func(r *Region) bool { return r.Bound.Owner == nil })
}

// UnboundedPollErrors returns the failure ways of poll loops (PollErrors)
// that reach another system and that nothing bounds: no attempt counter, no
// clock or context check, no owner's stop signal, and no forwarding wrapper
// whose caller's bound is judged instead (BoundFromCaller). A context check
// counts whatever the context's deadline: waiting for a state until
// cancelled is what polls do. A periodic job (Region.Periodic) goes round
// after its success too: running without end is its design.
func (res *Result) UnboundedPollErrors() []*Region {
	return res.pollErrors(func(r *Region) bool {
		return !r.Periodic && !r.Bound.Bounded() && r.Bound.Owner == nil && !res.BoundFromCaller(r)
	})
}

// pollErrors returns the remote failure ways of poll loops for which keep is
// true: a local one loads no dependency (Region.Remote).
func (res *Result) pollErrors(keep func(*Region) bool) []*Region {
	return remoteRegions(res.PollErrors, keep)
}

// remoteRegions returns the regions that reach another system and for which
// keep is true.
func remoteRegions(regions []*Region, keep func(*Region) bool) []*Region {
	var out []*Region
	for _, r := range regions {
		if r.Remote() && keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// pollErrorRegion returns the failure way of a poll loop as a region, or nil.
func (f *flow) pollErrorRegion(l *loop) *Region {
	checks := f.outcomeChecks(l)
	var failing []*outcomeCheck
	var failWay map[*cfg.Block]bool
	for _, c := range checks {
		if !f.testsError(c) || !l.reachesHeader(c.failure()) || f.alwaysLeaves(l, c.success(), f.sameAttempt(l, checks, c)) {
			continue
		}
		way := l.wayBack(c.failure())
		if f.pollsApart(l, c, way) && l.unavoidable(f.blocksOf(c.attempts)) &&
			!f.searches(l, c) && !f.pollsUntil(l, c) && !f.pollsPending(l, c) && !f.supervises(l, c) && !f.restartsInterrupted(l, c) && !f.stepsThrough(l, c) {
			failing, failWay = append(failing, c), way
			break // one failure way: the first call's
		}
	}
	if len(failing) == 0 {
		return f.hotPeriodicRegion(l)
	}
	c := failing[0]
	r := f.wayRegion(l, c, failWay)
	r.Periodic = f.repeatsOnSuccess(l, c, checks)
	return r
}

// wayRegion returns, as a loop region, the way from c's failure back to the
// header of a loop that is no retry: its Waits are the waits on that way.
func (f *flow) wayRegion(l *loop, c *outcomeCheck, way map[*cfg.Block]bool) *Region {
	r := &Region{Kind: LoopRegion, Pos: l.stmt.Pos(), Loop: l.stmt, Body: loopBody(l.stmt), Func: f.fn.node, Attempts: c.attempts, ErrVars: c.vars}
	r.Classification = f.classification(l, c, r.ErrVars)
	r.ways = &retryWays{f: f, checks: []*outcomeCheck{c}, target: func(b *cfg.Block) bool { return b == l.header }, inside: l.holds, vars: r.ErrVars}
	r.Context = contextAt(f.pass, l.pos)
	for _, w := range f.waits(l) {
		if f.onWay(w.At, way) {
			r.Waits = append(r.Waits, w)
		}
	}
	r.Bound = f.bound(l)
	return r
}

// testsError reports whether c tests an error (err != nil), not a status or a
// verdict.
func (f *flow) testsError(c *outcomeCheck) bool {
	for _, v := range c.vars {
		if !isErrorType(v.Type()) {
			return false
		}
	}
	return len(c.vars) > 0
}

// pollsApart reports whether the success side of c is a poll apart from the
// failure way: it can leave the loop (the answer came) and it can go round
// after a timed wait that the failure way does not pass ("not yet": wait a
// while, ask again). A success side that goes round without waiting is a
// worker's loop (take the next item), and one that waits on a channel or an
// unknown call serves until a signal (a restart loop): no poll.
func (f *flow) pollsApart(l *loop, c *outcomeCheck, failWay map[*cfg.Block]bool) bool {
	leaves := false
	way := make(map[*cfg.Block]bool)
	searchBlocks([]*cfg.Block{c.success()}, nil, func(b *cfg.Block) blockStep {
		switch {
		case b == l.header:
			return skip
		case !l.holds(b) || len(b.Succs) == 0:
			leaves = true
			return skip
		}
		way[b] = true
		return follow
	})
	if !leaves {
		return false
	}
	for _, w := range f.waits(l) {
		if w.Kind != WaitOther && f.onWay(w.At, way) && !f.onWay(w.At, failWay) {
			return true
		}
	}
	return false
}

// wayBack returns the blocks of the loop reachable from start before the
// header.
func (l *loop) wayBack(start *cfg.Block) map[*cfg.Block]bool {
	way := make(map[*cfg.Block]bool)
	searchBlocks([]*cfg.Block{start}, nil, func(b *cfg.Block) blockStep {
		if b == l.header || !l.holds(b) {
			return skip
		}
		way[b] = true
		return follow
	})
	return way
}

// onWay reports whether n is in one of the blocks.
func (f *flow) onWay(n ast.Node, way map[*cfg.Block]bool) bool {
	if n == nil {
		return false
	}
	for b := range f.blocksAt(n.Pos()) {
		if way[b] {
			return true
		}
	}
	return false
}
