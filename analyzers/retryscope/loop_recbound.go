package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// recursionBound finds what limits a recursive retry: an integer parameter that
// the recursive calls change (attempt+1, n-1) and a condition of the function
// tests, or a deadline check (a clock or context condition, a select on a
// channel).
func (f *flow) recursionBound(calls []*ast.CallExpr) Bound {
	var b Bound
	changed := f.changedParams(calls)
	for _, blk := range f.g.Blocks {
		if !blk.Live {
			continue
		}
		if blk.Kind == cfg.KindSelectCaseBody {
			cc, ok := blk.Stmt.(*ast.CommClause)
			if !ok || cc.Comm == nil || !isReceive(cc.Comm) {
				continue
			}
			if b.Owner == nil && f.ownerStop(nil, cc.Comm) {
				b.Owner = cc.Comm
			}
			if b.Deadline == nil {
				b.Deadline, b.DeadlineLocal = cc.Comm, f.localDeadline(cc.Comm)
			}
			continue
		}
		cond := condOf(blk)
		if cond != nil && b.Owner == nil && f.ownerStop(nil, cond) && recursesAfter(blk, calls) {
			b.Owner = cond
		}
		switch {
		case cond == nil:
		case b.Deadline == nil && f.isDeadlineCheck(cond):
			b.Deadline, b.DeadlineLocal = cond, f.localDeadline(cond)
		case b.Counter == nil && len(changed) > 0 && mentions(f.info, cond, changed):
			b.Counter = cond
		}
	}
	return b
}

// changedParams returns the integer parameters that a recursive call passes on
// changed rather than as they are: n-1 in the call, or n itself after the
// function stepped it (n--; if n < 0 { return }; ... f(n)).
func (f *flow) changedParams(calls []*ast.CallExpr) []types.Object {
	params := f.fn.params(f.info)
	var out []types.Object
	for _, c := range calls {
		for i, a := range c.Args {
			if i >= len(params) || params[i] == nil || !code.IsInteger(params[i].Type()) {
				continue
			}
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && f.info.Uses[id] == params[i] && !f.stepsVar(params[i]) {
				continue
			}
			out = appendNew[types.Object](out, params[i])
		}
	}
	return out
}
