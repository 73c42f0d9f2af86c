package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An iterator that says it took a step.
//
// `for { seen, err := p.parseOne(); if seen { continue }; if err == nil {
// break }; return err }` goes round at once when its call says it consumed
// something (a true bool result, tested before the error), and leaves on
// (false, nil): it walks over input its receiver holds (an argument list, a
// buffer, a queue), one item a round, and no round repeats another. The call
// is a method of this package that takes the item out of its receiver
// (consumes) and asks for nothing in particular, as exhausts requires of a
// source. A bool that goes round when false (`if !ok { continue }`) says the
// call failed: that loop is a retry.

// stepsThrough reports whether every attempt of check c is such a step: its
// bool result, when true, leads straight back to the loop's header.
func (f *flow) stepsThrough(l *loop, c *outcomeCheck) bool {
	if len(c.attempts) == 0 {
		return false
	}
	for _, call := range c.attempts {
		if !f.asksNothing(call) || !f.consumes(call) {
			return false
		}
		flag := f.stepFlag(l, call)
		if flag == nil || !f.roundsOnTrue(l, flag) {
			return false
		}
	}
	return true
}

// stepFlag returns the bool variable the loop assigns from call, or nil.
func (f *flow) stepFlag(l *loop, call *ast.CallExpr) types.Object {
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		if d.Var == nil || ast.Unparen(d.Value) != ast.Expr(call) {
			continue
		}
		if b, ok := d.Var.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return d.Var
		}
	}
	return nil
}

// roundsOnTrue reports whether the loop has a condition that is the flag
// itself whose true side goes back to the header without doing anything.
func (f *flow) roundsOnTrue(l *loop, flag types.Object) bool {
	for b, cond := range f.conditions(l) {
		id, ok := ast.Unparen(cond).(*ast.Ident)
		if ok && f.info.Uses[id] == flag && len(b.Succs) == 2 && straightTo(b.Succs[0], l.header) {
			return true
		}
	}
	return false
}

// straightTo reports whether b gets to target through empty blocks only (a
// continue).
func straightTo(b, target *cfg.Block) bool {
	for range 4 {
		if b == target {
			return true
		}
		if len(b.Nodes) > 0 || len(b.Succs) != 1 {
			return false
		}
		b = b.Succs[0]
	}
	return false
}
