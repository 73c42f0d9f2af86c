package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry classified by a probe of the dependency's state.
//
// A failure way that asks the dependency another question after the failure
// (st, perr := svc.State(ctx, name)) and leaves the loop unless the answer
// allows going round (if st != Pending && st != Ready { return err })
// classifies its failures by that answer: a resource in a state that cannot
// heal ends the retry as a permanent error would. The answer counts when it
// is a value, not an error, learned from a call made after the failure and
// before the next round, and a test of it decides between going round and
// leaving. A counter, the clock, randomness and a context learn nothing of
// the failure; an answer only logged decides nothing (decided on set H1).

// probeTest returns the condition of block b when it tests a probe's answer
// (probeVars) and its sides differ in going round or leaving; else nil.
func (f *flow) probeTest(l *loop, c *outcomeCheck, b *cfg.Block) ast.Node {
	cond := condOf(b)
	if cond == nil {
		return nil
	}
	tested := cond
	if tag, ok := f.tags[cond]; ok {
		tested = tag
	}
	probes := f.probeVars(l, c)
	if len(probes) == 0 || !mentions(f.info, tested, probes) || !f.sidesDiffer(l, b) {
		return nil
	}
	return cond
}

// probeVars returns the variables assigned in the loop after the check c
// from a call that asks something of another system: a function or method
// that may fail (its answer has an error: path.Dir computes, it asks
// nobody), that is none of the check's attempts and is not handed the attempt's error
// (a classifier of the error is judged as such: loop_declaredclass.go),
// whose value is not an error, a
// context, a time or a duration, and that reads neither the clock nor
// randomness.
func (f *flow) probeVars(l *loop, c *outcomeCheck) []types.Object {
	from := c.block.Nodes[len(c.block.Nodes)-1].End()
	var out []types.Object
	for _, d := range code.DefsIn(f.info, from, l.end) {
		call, ok := ast.Unparen(d.Value).(*ast.CallExpr)
		if !ok || d.Func != f.fn.node || d.Var == nil || slices.Contains(c.attempts, call) || !probeValue(d.Var.Type()) || mentions(f.info, call, c.vars) {
			continue
		}
		fn := code.Callee(f.info, call)
		if fn == nil || fn.Pkg() == nil || learnsNothing(fn.Pkg().Path()) || !MayFail(f.info, call) {
			continue
		}
		out = append(out, d.Var)
	}
	return out
}

// probeValue reports whether a value of type t can be a dependency's
// answer: not an error, a context, a time or a duration.
func probeValue(t types.Type) bool {
	if t == nil || isErrorType(t) || IsContext(t) {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	return !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "time"
}

// learnsNothing: the clock and randomness say nothing about a failure.
func learnsNothing(path string) bool {
	return path == "time" || path == "math/rand" || path == "math/rand/v2" || path == "crypto/rand"
}
