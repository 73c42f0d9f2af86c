package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A cap without a unit.
//
// A time.Duration counts nanoseconds, and a number written without a unit
// converts to one silently: a wait that grows round by round and is capped
// with `if d > 1000 { d = 1000 }` is capped at 1000 ns, not at a second. From
// the round it reaches the cap the loop waits a microsecond and asks again
// almost at once. The proof: in a loop that waits, a time.Duration variable
// declared outside the loop grows in it (d += step, d *= 2, d = d + step) and
// an if compares it with a constant of no type — a bare number, or a constant
// declared without one — and sets it to a constant of no type; the cap is
// positive and under a millisecond, far below any wait worth growing to. A
// cap written with a unit (time.Second, 1000*time.Millisecond) or declared as
// a time.Duration is the author's choice and stays out of this reading.

// UnitlessCap is the cap of a growing wait written without a unit.
type UnitlessCap struct {
	// Cap is the number the variable is set to.
	Cap ast.Expr
	// Var is the growing wait.
	Var types.Object
	// Value is the cap, in nanoseconds.
	Value time.Duration
}

// UnitlessCaps returns the caps of growing waits written without a unit.
func (res *Result) UnitlessCaps() []*UnitlessCap { return res.spins.caps }

// unitlessLimit is the cap below which a unitless number is no wait worth
// growing to.
const unitlessLimit = time.Millisecond

// findUnitlessCaps adds the unitless caps of growing waits in loop l.
func (f *flow) findUnitlessCaps(l *loop) {
	if len(f.waits(l)) == 0 {
		return
	}
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit {
			return false
		}
		if s, ok := n.(*ast.IfStmt); ok {
			if c := f.unitlessCap(l, s); c != nil && !f.res.hasCap(c.Cap) {
				f.res.spins.caps = append(f.res.spins.caps, c)
			}
		}
		return true
	})
}

func (res *Result) hasCap(e ast.Expr) bool {
	for _, c := range res.spins.caps {
		if c.Cap == e {
			return true
		}
	}
	return false
}

// unitlessCap returns the cap `if d > N { d = N }` of s, or nil.
func (f *flow) unitlessCap(l *loop, s *ast.IfStmt) *UnitlessCap {
	cmp, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || (cmp.Op != token.GTR && cmp.Op != token.GEQ) {
		return nil
	}
	id, ok := ast.Unparen(cmp.X).(*ast.Ident)
	v := f.info.Uses[id]
	if !ok || v == nil || !code.IsNamed(v.Type(), "time", "Duration") || l.contains(v.Pos()) || !f.unitless(cmp.Y) {
		return nil
	}
	for _, st := range s.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || f.info.Uses[code.NameIdent(as.Lhs[0])] != v || !f.unitless(as.Rhs[0]) {
			continue
		}
		val, exact := constant.Int64Val(constant.ToInt(f.info.Types[as.Rhs[0]].Value))
		if exact && val > 0 && time.Duration(val) < unitlessLimit && f.grows(l, v, as) {
			return &UnitlessCap{Cap: as.Rhs[0], Var: v, Value: time.Duration(val)}
		}
	}
	return nil
}

// unitless reports whether e is a number written without a unit: a literal,
// or a constant declared without a type.
func (f *flow) unitless(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Kind == token.INT || e.Kind == token.FLOAT
	case *ast.Ident:
		c, ok := f.info.Uses[e].(*types.Const)
		if !ok {
			return false
		}
		b, ok := c.Type().(*types.Basic)
		return ok && b.Info()&types.IsUntyped != 0
	}
	return false
}

// grows reports whether the loop sets v, other than by the cap's
// assignment, from itself: d += step, d *= 2, d = d + step.
func (f *flow) grows(l *loop, v types.Object, capSet *ast.AssignStmt) bool {
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as == capSet || len(as.Lhs) != 1 || len(as.Rhs) != 1 || f.info.Uses[code.NameIdent(as.Lhs[0])] != v {
			return !found
		}
		switch as.Tok {
		case token.ADD_ASSIGN, token.MUL_ASSIGN, token.SHL_ASSIGN:
			found = true
		case token.ASSIGN:
			found = f.mentions(as.Rhs[0], v)
		}
		return !found
	})
	return found
}

// mentions reports whether e reads v.
func (f *flow) mentions(e ast.Expr, v types.Object) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && f.info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
