package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop that restarts a watch, a stream or a connection often checks its
// stop once a round has run its course, on the way its success takes:
//
//	for {
//		w, err := src.Watch()
//		if err != nil { time.Sleep(time.Second); continue }
//		consume(w)
//		select { case <-s.exit: return; default: }
//	}
//
// Its failure way waits and goes straight back to the attempt without
// passing the stop check, nor any other way out: while the attempt keeps
// failing (a source closed for good, a dependency gone), the loop retries
// forever, also after its owner has stopped. The stop bounds the success
// way only, so it is no bound of the retrying. Result.StopSkips holds such
// failure ways as loop regions whose Waits are the waits on that way and
// whose Bound is empty; SkippedStop names the stop they skip.
//
// The loop is one no other reading took (no retry region, no restart loop),
// the failure way holds a wait, the attempt is made every round and tests an
// error. A way back that can leave the loop (a stop check at the top of the
// body, a select on the stop in the wait, a counter test, a return) bounds
// it. So may the attempt itself when it can see the stop: handed a context
// or a channel, or the value that holds the stop (s of s.exit), it may end
// on the stop and answer success, which reaches the check; that is out of
// sight here, so no claim is made.

// SkippedStop returns the stop check that a region of StopSkips never
// reaches after a failure: a select case's receive or a condition.
func (res *Result) SkippedStop(r *Region) ast.Node { return res.skippedStops[r] }

// stopSkipRegion returns the failure way of such a loop as a region, or nil.
// r is the loop's retry or restart region, if it has one.
func (f *flow) stopSkipRegion(l *loop, r *Region) *Region {
	if r != nil || f.info == nil {
		return nil
	}
	stop := f.loopStop(l)
	if stop == nil {
		return nil
	}
	checks := f.outcomeChecks(l)
	for _, c := range checks {
		if !f.testsError(c) || !l.reachesHeader(c.failure()) || f.alwaysLeaves(l, c.success(), f.sameAttempt(l, checks, c)) {
			continue
		}
		attempt := f.blocksOf(c.attempts)
		if !l.unavoidable(attempt) || failureRoundLeaves(l, c, attempt) || f.noRetry(l, c) || f.supervises(l, c) || f.attemptSeesStop(c.attempts, stop) {
			continue
		}
		s := f.wayRegion(l, c, l.wayBack(c.failure()))
		if len(s.Waits) == 0 {
			continue // a failure that goes round at once is a spin, not this shape
		}
		s.Bound = Bound{}
		if f.res.skippedStops == nil {
			f.res.skippedStops = make(map[*Region]ast.Node)
		}
		f.res.skippedStops[s] = stop
		return s
	}
	return nil
}

// loopStop returns the loop's stop check: an owner's stop signal, else a
// context, a clock or a stop channel check that leaves it (Bound), or nil.
func (f *flow) loopStop(l *loop) ast.Node {
	b := f.bound(l)
	if b.Owner != nil {
		return b.Owner
	}
	return b.Deadline
}

// failureRoundLeaves reports whether a round that fails c can leave the
// loop: on the way from the attempt to c's test, or on the way from c's
// failure back to the attempt (through the header).
func failureRoundLeaves(l *loop, c *outcomeCheck, attempt map[*cfg.Block]bool) bool {
	starts := []*cfg.Block{c.failure()}
	for b := range attempt {
		if b != c.block {
			starts = append(starts, b.Succs...)
		}
	}
	return searchBlocks(starts, nil, func(b *cfg.Block) blockStep {
		switch {
		case b == c.block || attempt[b]:
			return skip // c's test: only its failure side, a start, is this round's
		case !l.holds(b) || len(b.Succs) == 0:
			return stopHere
		}
		return follow
	})
}

// attemptSeesStop reports whether an attempt is handed something it could
// end on the stop with: a context, a channel, or the variable that holds
// what the stop reads (as receiver or argument).
func (f *flow) attemptSeesStop(calls []*ast.CallExpr, stop ast.Node) bool {
	holders := f.stopHolders(stop)
	for _, call := range calls {
		handed := append([]ast.Expr(nil), call.Args...)
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && f.info.Selections[sel] != nil {
			handed = append(handed, sel.X)
		}
		for _, e := range handed {
			if isStopType(f.info.TypeOf(e)) {
				return true
			}
			if id, ok := ast.Unparen(unaddr(e)).(*ast.Ident); ok && holders[f.info.Uses[id]] {
				return true
			}
		}
	}
	return false
}

// stopHolders returns the variables whose fields or methods the stop reads
// (s of <-s.exit, s.closed, s.ctx.Done()).
func (f *flow) stopHolders(stop ast.Node) map[types.Object]bool {
	out := make(map[types.Object]bool)
	code.Inspect(stop, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && f.info.Selections[sel] != nil {
			if v := code.Root(f.info, sel, 0); v != nil {
				out[v] = true
			}
		}
		return true
	})
	return out
}
