package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry classified by the attempt's own deadline.
//
// A loop that gives each attempt a context of its own with a deadline
// (actx, cancel := context.WithTimeout(parent, d); err = op(actx)) and
// decides between going round and leaving by whether that context ended
// (if !errors.Is(actx.Err(), context.DeadlineExceeded) { return err })
// tells a timed-out attempt apart from every other failure: it retries
// timeouts, not every error. Asking the caller's context (parent.Err())
// tells nothing of the failure: only a context made in the round, each
// round anew, and handed to an attempt counts.

// attemptDeadlineTest returns the condition of block b when it asks a
// context made with a deadline in the loop and handed to one of the check's
// attempts, and its sides differ in going round or leaving; else nil.
func (f *flow) attemptDeadlineTest(l *loop, c *outcomeCheck, b *cfg.Block) ast.Node {
	cond := condOf(b)
	if cond == nil {
		return nil
	}
	ctxs := f.attemptDeadlines(l, c)
	if len(ctxs) == 0 || !asksContext(f.info, cond, ctxs) || !f.sidesDiffer(l, b) {
		return nil
	}
	return cond
}

// attemptDeadlines returns the context variables the loop assigns from
// context.WithTimeout or WithDeadline (or their Cause forms) and hands to
// one of the check's attempts.
func (f *flow) attemptDeadlines(l *loop, c *outcomeCheck) []types.Object {
	var out []types.Object
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		call, ok := ast.Unparen(d.Value).(*ast.CallExpr)
		if !ok || d.Func != f.fn.node || d.Var == nil || !IsContext(d.Var.Type()) {
			continue
		}
		if makes, _ := DeadlineCall(f.info, call); makes && handedToAttempt(f.info, d.Var, c.attempts) {
			out = appendNew(out, d.Var)
		}
	}
	return out
}

func handedToAttempt(info *types.Info, v types.Object, attempts []*ast.CallExpr) bool {
	for _, a := range attempts {
		for _, arg := range a.Args {
			if code.VarOf(info, arg) == v {
				return true
			}
		}
	}
	return false
}

// asksContext reports whether e calls Err or Done of one of ctxs.
func asksContext(info *types.Info, e ast.Expr, ctxs []types.Object) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if asked := askedContext(info, call); asked != nil && mentions(info, asked, ctxs) {
				found = true
			}
		}
		return !found
	})
	return found
}
