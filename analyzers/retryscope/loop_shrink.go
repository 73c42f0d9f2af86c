package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A downgrade. A loop that, on every way from a failure back to the attempt,
// replaces an input of the attempt with a value made from that input, and
// goes round only past a test that the new value is shorter,
//
//	if next := without(args, "--depth=1"); len(args) > len(next) {
//		args = next
//		continue
//	}
//	return err
//
// asks a smaller question each round (one flag, one name fewer) and ends
// when nothing is left to drop: a search over a shrinking input, like one
// loosened in place (loop_loosen.go), not the failed attempt again. A value
// rebuilt without the test is the same list from the second round on, and a
// test of its size alone (len(next) > 0) does not say it shrank.

// shrinksEachRound reports whether every way from c's failure back to the
// header goes on past a shrink test and sets the tested input to the
// shorter value.
func (f *flow) shrinksEachRound(l *loop, c *outcomeCheck) bool {
	goOn := make(map[*cfg.Block]*cfg.Block)
	var inputs []types.Object
	replaced := make(map[*ast.AssignStmt]bool)
	for b, cond := range f.conditions(l) {
		input, next, shrunkOnTrue := f.shrinkTest(l, cond)
		if input == nil {
			continue
		}
		on := b.Succs[1]
		if shrunkOnTrue {
			on = b.Succs[0]
		}
		goOn[b] = on
		for as := range f.replacements(l, input, next) {
			replaced[as] = true
			inputs = appendNew(inputs, input)
		}
	}
	if len(replaced) == 0 || !f.attemptsTake(l, c, inputs) {
		return false
	}
	atHeader := func(b *cfg.Block) bool { return b == l.header }
	return passesGates(c.failure(), goOn, atHeader, l.holds) && l.everyWayBack(c.failure(), holdsAny(replaced))
}

// shrinkTest returns the input and the new value a condition compares by
// length (len(input) > len(next), len(next) < len(input), or the negations
// >= and <=), and whether the condition is true when next is shorter. The
// input must be declared outside the loop, next made in it from the input.
func (f *flow) shrinkTest(l *loop, cond ast.Expr) (input, next types.Object, shrunkOnTrue bool) {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil, nil, false
	}
	x, y := f.lenOf(bin.X), f.lenOf(bin.Y)
	if x == nil || y == nil {
		return nil, nil, false
	}
	switch bin.Op {
	case token.GTR, token.LEQ: // len(input) > len(next)
		input, next = x, y
	case token.LSS, token.GEQ: // len(next) < len(input)
		input, next = y, x
	default:
		return nil, nil, false
	}
	if l.contains(input.Pos()) || !f.madeInLoopFrom(l, next, input) {
		return nil, nil, false
	}
	return input, next, bin.Op == token.GTR || bin.Op == token.LSS
}

// lenOf returns v of len(v).
func (f *flow) lenOf(e ast.Expr) types.Object {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !code.IsBuiltinCall(f.info, call, "len") {
		return nil
	}
	if v := code.VarOf(f.info, call.Args[0]); v != nil {
		return v
	}
	return nil
}

// madeInLoopFrom reports whether next is defined once, in l, from a value
// that reads input (next := without(args, flag)).
func (f *flow) madeInLoopFrom(l *loop, next, input types.Object) bool {
	d, ok := code.SoleDef(f.info, next)
	return ok && d.Op == token.DEFINE && d.Value != nil && l.contains(d.Stmt.Pos()) &&
		mentions(f.info, d.Value, []types.Object{input})
}

// replacements returns the assignments input = next in l.
func (f *flow) replacements(l *loop, input, next types.Object) map[*ast.AssignStmt]bool {
	out := make(map[*ast.AssignStmt]bool)
	walkBody(f.info, loopBody(l.stmt), assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if as.Tok == token.ASSIGN && len(as.Lhs) == 1 && len(as.Rhs) == 1 &&
			lhsObj(f.info, as.Lhs[0]) == input && code.VarOf(f.info, as.Rhs[0]) == next {
			out[as] = true
		}
		return true
	})
	return out
}
