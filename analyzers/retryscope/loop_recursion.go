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
	calls, blocks := f.selfCalls()
	if len(calls) == 0 || f.traversal(calls) {
		return nil
	}
	var retrying []*outcomeCheck
	for _, c := range f.outcomeChecks(whole) {
		if !selfAttempt(f, c) && reaches(c.failure(), blocks) && !reaches(c.success(), blocks) {
			retrying = append(retrying, c)
		}
	}
	target := func(b *cfg.Block) bool { return blocks[b] }
	everywhere := func(*cfg.Block) bool { return true }
	var out []*Region
	for _, c := range retrying {
		r := &Region{
			Kind: RecursionRegion, Pos: calls[0].Pos(), Body: f.fn.body, Func: f.fn.node,
			Attempts: c.attempts, ErrVars: c.vars,
		}
		r.Classification = f.classification(whole, c, r.ErrVars)
		r.ways = &retryWays{f: f, checks: []*outcomeCheck{c}, target: target, inside: everywhere, vars: r.ErrVars}
		r.Context = contextAt(f.pass, f.fn.body.Pos())
		r.Bound = f.recursionBound(calls)
		r.Waits = f.waits(whole)
		// The region stands for every self-call: a policy's verdict on the
		// way to any of them decides for all (verdict_policy.go).
		every := &retryWays{f: f, checks: retrying, target: target, inside: everywhere}
		if call := every.policyVerdict(); call != nil {
			r.applyPolicy(call)
		}
		out = append(out, r)
		break
	}
	return out
}

// selfCalls returns the function's calls of itself and the blocks that hold them.
func (f *flow) selfCalls() ([]*ast.CallExpr, map[*cfg.Block]bool) {
	var calls []*ast.CallExpr
	blocks := map[*cfg.Block]bool{}
	for _, b := range f.g.Blocks {
		for _, n := range b.Nodes {
			walkBody(f.info, n, callKinds, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok && code.Callee(f.info, call) == f.fn.obj {
					calls = append(calls, call)
					blocks[b] = true
				}
				return true
			})
		}
	}
	return calls, blocks
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
