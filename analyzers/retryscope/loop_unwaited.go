package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"
)

// A retry loop that waits on some failures can still go round at once on
// another: a second step of the attempt whose failure continues, or an
// error outside the class that waits, falling through to the loop's end.
// While that failure lasts the loop asks again at full speed, and the waits
// on the other ways protect nothing.
//
// The claim needs a whole round without a wait: from the attempt, through
// the failure of a check (the attempt's own, or a later step that reaches
// another system), back to the attempt, passing none of the region's waits
// (a call the engine cannot see into, through a function value or an
// interface, is one of them) and nothing that can block on a channel. A
// wait anywhere between the loop's header and the attempt counts for every
// round, even under a condition (if n > 0 { pause() }): which rounds take
// it is not followed. A loop over a channel or a ticker waits in its header.
// On its way from the failure to the header, the round may pass tests of the
// error only (a class the wait leaves out): a test of anything else (the
// resource was replaced meanwhile, a flag, a count) may not hold every time
// that failure comes, so such a way is not followed. Nor is one that sets a
// variable the attempt takes (a refreshed token, a new connection): the next
// attempt is prepared anew, and the escalation or swap decides the pace.

// UnwaitedFailure returns the call, in a loop region that also waits, whose
// failure starts a round without a wait, or nil.
func (r *Region) UnwaitedFailure() *ast.CallExpr {
	if r.Kind != LoopRegion || r.ways == nil || len(r.Waits) == 0 || len(r.Attempts) == 0 {
		return nil
	}
	if rs, ok := r.Loop.(*ast.RangeStmt); ok {
		if t := r.ways.f.info.TypeOf(rs.X); t == nil || isChan(t) {
			return nil
		}
	}
	u := &unwaitedWalk{r: r, attempt: r.Attempts[0], failures: r.failureEdges()}
	return u.round()
}

type edge struct{ from, to *cfg.Block }

// failureEdges maps each way from a check to its failure side to the check:
// the retrying checks, and the loop's other checks of calls that reach
// another system.
func (r *Region) failureEdges() map[edge]*outcomeCheck {
	out := map[edge]*outcomeCheck{}
	for _, c := range r.ways.checks {
		if len(c.attempts) > 0 {
			out[edge{c.block, c.failure()}] = c
		}
	}
	rc := r.ways.f.res.remoteCheck(r.ways.f.pass)
	for _, c := range r.ways.others {
		if len(c.attempts) > 0 && rc.nodeOutcome(c.attempts[0]).remote() {
			out[edge{c.block, c.failure()}] = c
		}
	}
	return out
}

type unwaitedWalk struct {
	r        *Region
	attempt  *ast.CallExpr
	failures map[edge]*outcomeCheck
	seen     map[visitKey]bool
	back     bool // the way has passed the header
}

// visitKey is a block, before or after the way took a failure.
type visitKey struct {
	b      *cfg.Block
	failed bool
}

// setsInput reports whether b assigns a variable the attempt mentions.
func (u *unwaitedWalk) setsInput(b *cfg.Block) bool {
	info := u.r.ways.f.info
	for _, n := range b.Nodes {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		for _, lhs := range as.Lhs {
			if o := lhsObj(info, lhs); o != nil && mentions(info, u.attempt, []types.Object{o}) {
				return true
			}
		}
	}
	return false
}

// testsError reports whether b's condition mentions an error of the region
// or of the failed check.
func (u *unwaitedWalk) testsError(b *cfg.Block, failed *outcomeCheck) bool {
	cond := condOf(b)
	return cond != nil && mentions(u.r.ways.f.info, cond, append(slices.Clone(u.r.ErrVars), failed.vars...))
}

// round follows the ways from the attempt back to it and returns the failing
// call of one that passes no wait, or nil.
func (u *unwaitedWalk) round() *ast.CallExpr {
	var start *cfg.Block
	for _, b := range u.r.ways.f.g.Blocks {
		if u.r.ways.inside(b) && holdsNode(b, u.attempt) {
			start = b
			break
		}
	}
	if start == nil || u.r.nodesWait(nodesAfter(start, u.attempt)) || u.headerWaits() {
		return nil
	}
	u.seen = map[visitKey]bool{}
	if c := u.from(start, nil); c != nil {
		return c.attempts[0]
	}
	return nil
}

// from follows the successors of b; failed is the check whose failure the
// way has taken, or nil.
func (u *unwaitedWalk) from(b *cfg.Block, failed *outcomeCheck) *outcomeCheck {
	if failed != nil && !u.back && len(b.Succs) == 2 && !u.testsError(b, failed) {
		return nil
	}
	for i, s := range b.Succs {
		f := failed
		if f == nil {
			f = u.failures[edge{b, s}]
		}
		if f != nil && len(b.Succs) == 2 && u.r.takenOnTimeout(b, i) {
			continue // the attempt waited out its timeout (pace_timeout.go)
		}
		if got := u.visit(s, f); got != nil {
			return got
		}
	}
	return nil
}

func (u *unwaitedWalk) visit(b *cfg.Block, failed *outcomeCheck) *outcomeCheck {
	if !u.r.ways.inside(b) {
		return nil
	}
	if holdsNode(b, u.attempt) {
		if failed != nil && !u.r.nodesWait(nodesBefore(b, u.attempt)) {
			return failed
		}
		return nil
	}
	if u.r.ways.target(b) && failed != nil {
		u.back = true
		defer func() { u.back = false }()
	}
	key := visitKey{b, failed != nil}
	if u.seen[key] || u.r.nodesWait(b.Nodes) || failed != nil && !u.back && u.setsInput(b) {
		return nil
	}
	u.seen[key] = true
	return u.from(b, failed)
}

// headerWaits reports whether some way from the loop's header to the attempt
// waits (see above).
func (u *unwaitedWalk) headerWaits() bool {
	header := u.r.header()
	if header == nil {
		return false
	}
	seen := map[*cfg.Block]bool{}
	var visit func(b *cfg.Block) bool
	visit = func(b *cfg.Block) bool {
		if !u.r.ways.inside(b) || seen[b] {
			return false
		}
		seen[b] = true
		if holdsNode(b, u.attempt) {
			return u.r.nodesWait(nodesBefore(b, u.attempt))
		}
		if u.r.nodesWait(b.Nodes) {
			return true
		}
		for _, s := range b.Succs {
			if visit(s) {
				return true
			}
		}
		return false
	}
	return visit(header)
}

// header returns the block the region's ways go round to.
func (r *Region) header() *cfg.Block {
	for _, b := range r.ways.f.g.Blocks {
		if r.ways.target(b) {
			return b
		}
	}
	return nil
}

func nodesBefore(b *cfg.Block, x ast.Node) []ast.Node { return b.Nodes[:max(indexHolding(b, x), 0)] }

// nodesAfter returns the node holding x and those after it: what runs
// between the attempt and the way out of its block.
func nodesAfter(b *cfg.Block, x ast.Node) []ast.Node {
	i := indexHolding(b, x)
	if i < 0 {
		return nil
	}
	return b.Nodes[i:]
}

// nodesWait reports whether one of nodes holds or lies in one of the
// region's waits, or can block on a channel.
func (r *Region) nodesWait(nodes []ast.Node) bool {
	for _, n := range nodes {
		for _, w := range r.Waits {
			if w.At != nil && n.Pos() < w.At.End() && w.At.Pos() < n.End() {
				return true
			}
		}
		if BlocksOnChannel(r.ways.f.info, n) {
			return true
		}
	}
	return false
}
