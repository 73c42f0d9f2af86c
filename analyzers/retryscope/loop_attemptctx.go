package retryscope

import (
	"go/ast"
	"go/token"
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
// round anew, and handed to an attempt counts. The side the condition takes
// while that context is alive must leave: a loop that leaves on a timeout
// and goes round on everything else retries every other error.

// attemptDeadlineTest returns the condition of block b when it asks a
// context made with a deadline in the loop and handed to one of the check's
// attempts, the side it takes while that context is alive cannot go round,
// and the other side can; else nil.
func (f *flow) attemptDeadlineTest(l *loop, c *outcomeCheck, b *cfg.Block) ast.Node {
	cond := condOf(b)
	if cond == nil || len(b.Succs) != 2 {
		return nil
	}
	ctxs := f.attemptDeadlines(l, c)
	if len(ctxs) == 0 || !asksContext(f.info, cond, ctxs) {
		return nil
	}
	alive := whileAlive(f.info, cond, ctxs)
	if alive == unknownValue {
		return nil
	}
	aliveSide, endedSide := b.Succs[0], b.Succs[1]
	if alive == falseValue {
		aliveSide, endedSide = endedSide, aliveSide
	}
	aliveRound, _ := f.outcomes(l, aliveSide)
	endedRound, _ := f.outcomes(l, endedSide)
	if aliveRound || !endedRound {
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

type condValue int

const (
	unknownValue condValue = iota
	trueValue
	falseValue
)

func (v condValue) not() condValue {
	switch v {
	case trueValue:
		return falseValue
	case falseValue:
		return trueValue
	}
	return unknownValue
}

// whileAlive evaluates cond for an attempt whose context (one of ctxs) has
// not ended: actx.Err() != nil and errors.Is(actx.Err(), X) are false, the
// rest follows from !, && and ||; anything else is unknown.
func whileAlive(info *types.Info, cond ast.Expr, ctxs []types.Object) condValue {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return whileAlive(info, e.X, ctxs).not()
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			x, y := whileAlive(info, e.X, ctxs), whileAlive(info, e.Y, ctxs)
			return combineAlive(x, y, trueValue)
		case token.LAND:
			x, y := whileAlive(info, e.X, ctxs), whileAlive(info, e.Y, ctxs)
			return combineAlive(x, y, falseValue)
		case token.EQL, token.NEQ:
			v := aliveErrEquals(info, e, ctxs)
			if e.Op == token.NEQ {
				return v.not()
			}
			return v
		}
	case *ast.CallExpr:
		if fn := code.Callee(info, e); code.IsErrorsFunc(fn, "Is") && len(e.Args) == 2 && isErrOf(info, e.Args[0], ctxs) {
			return falseValue
		}
	}
	return unknownValue
}

// combineAlive combines two operands of || (dominant true) or && (dominant
// false).
func combineAlive(x, y, dominant condValue) condValue {
	switch {
	case x == dominant || y == dominant:
		return dominant
	case x == unknownValue || y == unknownValue:
		return unknownValue
	}
	return dominant.not()
}

// aliveErrEquals evaluates actx.Err() == other while actx is alive: its Err
// is nil, so it equals nil and differs from context.DeadlineExceeded or
// Canceled.
func aliveErrEquals(info *types.Info, e *ast.BinaryExpr, ctxs []types.Object) condValue {
	other := e.Y
	if !isErrOf(info, e.X, ctxs) {
		if !isErrOf(info, e.Y, ctxs) {
			return unknownValue
		}
		other = e.X
	}
	if code.IsNil(info, other) {
		return trueValue
	}
	if sel, ok := ast.Unparen(other).(*ast.SelectorExpr); ok {
		obj := info.Uses[sel.Sel]
		if code.IsObject(obj, "context", "Canceled") || code.IsObject(obj, "context", "DeadlineExceeded") {
			return falseValue
		}
	}
	return unknownValue
}

// isErrOf reports whether e is ctx.Err() of one of ctxs.
func isErrOf(info *types.Info, e ast.Expr, ctxs []types.Object) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	asked := askedContext(info, call)
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return asked != nil && sel != nil && sel.Sel.Name == "Err" && mentions(info, asked, ctxs)
}
