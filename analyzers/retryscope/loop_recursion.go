package retryscope

import (
	"go/ast"

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
	var out []*Region
	for _, c := range f.outcomeChecks(whole) {
		if selfAttempt(f, c) {
			continue
		}
		again := f.sameInputCalls(whole, c, calls)
		blocks := f.blocksOf(again)
		if len(again) == 0 || !reaches(c.failure(), blocks) || reaches(c.success(), blocks) {
			continue
		}
		r := &Region{
			Kind: RecursionRegion, Pos: again[0].Pos(), Body: f.fn.body, Func: f.fn.node,
			Attempts: c.attempts, ErrVars: c.vars,
		}
		r.Classification = f.classification(whole, c, r.ErrVars)
		r.ways = &retryWays{f: f, checks: []*outcomeCheck{c}, target: func(b *cfg.Block) bool { return blocks[b] }, inside: func(*cfg.Block) bool { return true }, vars: r.ErrVars}
		r.Context = contextAt(f.pass, f.fn.body.Pos())
		r.Bound = f.recursionBound(again)
		r.Waits = f.waits(whole)
		out = append(out, r)
		break
	}
	return out
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
