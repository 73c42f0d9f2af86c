package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// ClockBudget returns the longest a loop keeps trying by its own clock: its
// `for` condition (alone, or one operand of an && chain) compares
// time.Since(start) — a Duration, or a count of a unit through .Seconds(),
// .Milliseconds() and the like — with a value that has a ceiling in the code.
// Only the loop's own condition counts: it leaves the loop once time is up,
// whatever else the body does.
func (res *Result) ClockBudget(r *Region) (time.Duration, bool) {
	loop, ok := r.Loop.(*ast.ForStmt)
	if r.Kind != LoopRegion || !ok || loop.Cond == nil || res.info == nil {
		return 0, false
	}
	var budget time.Duration
	found := false
	for _, part := range conjuncts(loop.Cond, true) {
		if d, ok := res.sinceBelow(part.cond); ok && part.holds && (!found || d < budget) {
			budget, found = d, true
		}
	}
	return budget, found
}

// sinceBelow reads `time.Since(t) < limit` (or <=), with the elapsed time
// possibly in a unit, and returns the limit as a duration.
func (res *Result) sinceBelow(e ast.Expr) (time.Duration, bool) {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.LSS && b.Op != token.LEQ {
		return 0, false
	}
	unit, ok := res.elapsedUnit(b.X)
	if !ok {
		return 0, false
	}
	v, ok := code.AtMost(res.info, b.Y)
	if !ok {
		return 0, false
	}
	fv := constant.ToFloat(v)
	if fv.Kind() == constant.Unknown {
		return 0, false
	}
	f, _ := constant.Float64Val(fv)
	if f < 0 || f*float64(unit) > float64(1<<62) {
		return 0, false
	}
	return time.Duration(f * float64(unit)), true
}

// elapsedUnits are the methods of time.Duration that count it in a unit.
var elapsedUnits = map[string]time.Duration{
	"(time.Duration).Hours": time.Hour, "(time.Duration).Minutes": time.Minute,
	"(time.Duration).Seconds": time.Second, "(time.Duration).Milliseconds": time.Millisecond,
	"(time.Duration).Microseconds": time.Microsecond, "(time.Duration).Nanoseconds": time.Nanosecond,
}

// elapsedUnit reports whether e is time.Since(t), or a unit count of it, and
// the length of its unit.
func (res *Result) elapsedUnit(e ast.Expr) (time.Duration, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return 0, false
	}
	fn := code.Callee(res.info, call)
	if fn == nil {
		return 0, false
	}
	if fn.FullName() == "time.Since" {
		return time.Nanosecond, true
	}
	unit, ok := elapsedUnits[fn.FullName()]
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isSel {
		return 0, false
	}
	if _, ok := res.elapsedUnit(sel.X); !ok {
		return 0, false
	}
	return unit, true
}
