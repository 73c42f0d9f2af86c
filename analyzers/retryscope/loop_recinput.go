package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// A recursive retry calls itself with what it was given. A self-call that
// hands on other input does something else, and is no retry of the failed
// attempt:
//
//   - a traversal: an argument that neither is nor derives from the parameter
//     it is passed for (walk(child), removeAll(dir, name)), or the parameter's
//     list with its first elements dropped (dial(addrs[1:]): the exhausted
//     target is gone, a drain);
//   - a target the failed attempt answered: an argument read from the
//     attempt's results (fetch(resolve(u, resp.Header.Get("Location")))), or
//     the parameter itself replaced by such a value on every way to the call
//     (u = resp.Header.Get("Location"); fetch(u)), as a loop's input moved on
//     by the attempt's results (loop_progress.go): a redirect followed, the
//     next page asked for;
//   - a refinement: a value of another type built from the parameter
//     (loop_recrefine.go);
//   - another name: a string computed from a string parameter (a parent
//     directory, a prefix, a suffixed candidate; loop_recrename.go).
//
//   - a one-shot fallback: a constant for a parameter the attempt reads, under
//     which the guards on the way to the call fail (loop_recfallback.go);
//   - a target moved by a setter: a method of the receiver, called on every
//     way to the call, writes a field the attempt reads (loop_recsetter.go);
//   - another link of a chain: the call is made on a field of the receiver
//     of the receiver's own type (s.fallback.write(b), loop_reclink.go);
//   - an authentication escalation: the call is reached only on an
//     authentication failure and hands on credentials set anew on the way
//     (loop_authescalate.go);
//   - a search over a shrinking input: the call is reached only past a call
//     that loosens the attempt's input and answers whether it could
//     (loop_loosen.go).
//
// Counters, flags and contexts may change in a retry: an attempt number handed
// on is the same attempt.

// sameInputCalls returns the self-calls that retry what check c tested: those
// that hand on no other input.
func (f *flow) sameInputCalls(whole *loop, c *outcomeCheck, calls []*ast.CallExpr) []*ast.CallExpr {
	results := f.resultValues(whole, c)
	var out []*ast.CallExpr
	for _, call := range calls {
		if !f.movesOn(call, results) && !f.fallsBackOnce(call, c.attempts) && !f.movesTarget(call, c.attempts) && !f.followsLink(call) && !f.escalatesAuthOnce(c, call) && !f.loosensBefore(c, call) {
			out = append(out, call)
		}
	}
	return out
}

// movesOn reports whether a self-call hands on other input (see above).
func (f *flow) movesOn(call *ast.CallExpr, results []types.Object) bool {
	params := f.fn.params(f.info)
	for i, a := range call.Args {
		if i >= len(params) || params[i] == nil || mayChangeInRetry(params[i].Type()) {
			continue
		}
		p := []types.Object{params[i]}
		if !mentions(f.info, a, p) || f.dropsFront(a, params[i]) || mentions(f.info, a, results) || f.refinesInput(a, params[i]) || f.renamesInput(a, params[i]) {
			return true
		}
		if id := identOf(a); id != nil && f.info.Uses[id] == params[i] && f.replacedOnTheWay(call, params[i], results) {
			return true
		}
	}
	return false
}

func mayChangeInRetry(t types.Type) bool {
	if IsContext(t) {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0
}

// dropsFront reports whether e is the list v without its first elements: v[1:].
func (f *flow) dropsFront(e ast.Expr, v types.Object) bool {
	s, ok := ast.Unparen(e).(*ast.SliceExpr)
	return ok && s.Low != nil && identOf(s.X) != nil && f.info.Uses[identOf(s.X)] == v
}

// replacedOnTheWay reports whether every way from the function's entry to the
// call assigns p a value read from results before it.
func (f *flow) replacedOnTheWay(call *ast.CallExpr, p *types.Var, results []types.Object) bool {
	if len(results) == 0 {
		return false
	}
	return f.passedOnEveryWay(call, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		return ok && f.assignsFrom(as, p, results)
	})
}

// passedOnEveryWay reports whether every way from the function's entry to the
// call runs a statement that passes before it.
func (f *flow) passedOnEveryWay(call *ast.CallExpr, passes func(ast.Node) bool) bool {
	if len(f.g.Blocks) == 0 {
		return false
	}
	at := f.blocksOf([]*ast.CallExpr{call})
	passed := func(b *cfg.Block) bool {
		for _, n := range b.Nodes {
			if at[b] && n.End() > call.Pos() {
				break
			}
			if passes(n) {
				return true
			}
		}
		return false
	}
	return !searchBlocks([]*cfg.Block{f.g.Blocks[0]}, nil, func(b *cfg.Block) blockStep {
		switch {
		case passed(b):
			return skip
		case at[b]:
			return stopHere // a way that does not pass
		}
		return follow
	})
}

// assignsFrom reports whether as sets p to a value that reads one of results.
func (f *flow) assignsFrom(as *ast.AssignStmt, p *types.Var, results []types.Object) bool {
	if as.Tok != token.ASSIGN {
		return false
	}
	for i, lhs := range as.Lhs {
		if lhsObj(f.info, lhs) != p {
			continue
		}
		if len(as.Rhs) == len(as.Lhs) {
			return mentions(f.info, as.Rhs[i], results)
		}
		return len(as.Rhs) == 1 && mentions(f.info, as.Rhs[0], results)
	}
	return false
}
