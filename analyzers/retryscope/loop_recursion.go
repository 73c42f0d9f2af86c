package retryscope

import (
	"go/ast"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// recursiveRegions finds functions that call themselves again when an attempt
// fails, and not when it succeeds.
func (f *flow) recursiveRegions() []*Region {
	whole := &loop{stmt: f.fn.body, pos: f.fn.body.Pos(), end: f.fn.body.End()}
	calls := f.selfCalls()
	if len(calls) == 0 {
		return nil
	}
	whole.again = f.blocksOf(calls)
	var retrying []*outcomeCheck
	var again [][]*ast.CallExpr // per retrying check, its self-calls with the same input
	anyAgain := map[*cfg.Block]bool{}
	for _, c := range f.outcomeChecks(whole) {
		if selfAttempt(f, c) {
			continue
		}
		same := f.sameInputCalls(whole, c, calls)
		blocks := f.blocksOf(same)
		if len(same) == 0 || !reaches(c.failure(), blocks) || reaches(c.success(), blocks) {
			continue
		}
		retrying, again = append(retrying, c), append(again, same)
		for b := range blocks {
			anyAgain[b] = true
		}
	}
	if len(retrying) == 0 {
		return nil
	}
	c, same := retrying[0], again[0]
	blocks := f.blocksOf(same)
	everywhere := func(*cfg.Block) bool { return true }
	r := &Region{
		Kind: RecursionRegion, Pos: same[0].Pos(), Body: f.fn.body, Func: f.fn.node,
		Attempts: c.attempts, ErrVars: c.vars,
	}
	r.Classification = f.classification(whole, c, r.ErrVars)
	r.ways = &retryWays{f: f, checks: []*outcomeCheck{c}, target: func(b *cfg.Block) bool { return blocks[b] }, inside: everywhere, vars: r.ErrVars}
	r.Context = contextAt(f.pass, f.fn.body.Pos())
	r.Bound = f.recursionBound(same)
	if r.Bound.Counter != nil && r.Bound.MaxAttempts == 0 {
		r.Bound.MaxAttempts = f.callerCountdown(same, r.Bound.Counter) // loop_reccount.go
	}
	if r.Bound.Counter == nil {
		if once, most := f.onceMoreBound(slices.Concat(again...)); once != nil {
			r.Bound.Counter, r.Bound.MaxAttempts, r.Bound.OnceMore = once, most, most == 2 // loop_reconcemore.go
		}
	}
	r.Waits = f.waits(whole)
	r.straight = f.recursesStraight(c, blocks, same)                             // loop_recstraight.go
	r.conflictRestart = f.recursionRestartsOnConflict(whole, retrying, anyAgain) // recursion_conflict.go
	// The region stands for every self-call that retries: a policy's verdict
	// on the way to any of them decides for all (verdict_policy.go).
	every := &retryWays{f: f, checks: retrying, target: func(b *cfg.Block) bool { return anyAgain[b] }, inside: everywhere}
	if call := every.policyVerdict(); call != nil {
		r.applyPolicy(f.info, call)
	}
	if r.Bound.Counter == nil {
		if call := every.declaredVerdict(f.fn.body); call != nil {
			r.Bound.Counter = call // verdict_declared.go
		}
	}
	return []*Region{r}
}

// selfCalls returns the function's calls of itself.
func (f *flow) selfCalls() []*ast.CallExpr {
	var calls []*ast.CallExpr
	for _, b := range f.g.Blocks {
		for _, n := range b.Nodes {
			walkBody(f.info, n, callKinds, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok && code.Callee(f.info, call) == f.fn.obj {
					calls = append(calls, call)
				}
				return true
			})
		}
	}
	return calls
}

func selfAttempt(f *flow, c *outcomeCheck) bool {
	for _, a := range c.attempts {
		if code.Callee(f.info, a) == f.fn.obj {
			return true
		}
	}
	return false
}

// reaches reports whether a path from start gets to one of the target blocks.
func reaches(start *cfg.Block, targets map[*cfg.Block]bool) bool {
	return searchBlocks([]*cfg.Block{start}, nil, func(b *cfg.Block) blockStep {
		if targets[b] {
			return stopHere
		}
		return follow
	})
}
