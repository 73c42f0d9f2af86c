package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry asks the same thing again. The readings listed in loop_changes.go
// each recognise one way a loop changes its attempt; this one asks the
// question the other way round: does any value the attempt is asked with
// change from one round to the next? An argument, the function value called
// or the receiver, made from a variable the loop steps on (a counter used as
// an index, an offset moved by what was written, a list cut down, a value
// re-made from itself), gives each round another request: a search, a walk, a
// failover or a write of the rest, which is no retry of one attempt.
//
// What only stamps an attempt is not asked: a context, a number or a flag
// (the attempt number, a shrinking budget in a time.Duration, "last try"), a
// time. A number the loop counts down (for n := want; ; n--) is no attempt
// number, though: attempt numbers count up, and a size tried smaller each
// round is a search. A value re-made from itself with nothing but a context
// (req = req.WithContext(ctx), req.Clone(ctx)) or its own length
// (buf = make([]byte, len(buf))) is the same request. A value a round appends
// to (out = append(out, row)) is state left over from the failed round:
// retrystate's finding, and a fill-in (loop_fillin.go), not a new question.

// variesInput reports whether an attempt of c takes a value the loop changes
// from one round to the next (see above).
func (f *flow) variesInput(l *loop, c *outcomeCheck) bool {
	varying := f.varyingInputs(l)
	if len(varying) == 0 {
		return false
	}
	down := f.countedDown(l)
	for _, call := range c.attempts {
		if f.takesVarying(call, varying, down) {
			return true
		}
	}
	return false
}

func (f *flow) takesVarying(call *ast.CallExpr, varying, down map[types.Object]bool) bool {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if f.dependsOn(fun, varying) {
			return true
		}
	case *ast.SelectorExpr:
		if s := f.info.Selections[fun]; s != nil && s.Kind() == types.MethodVal && f.dependsOn(fun.X, varying) {
			return true
		}
	}
	for _, a := range call.Args {
		if _, lit := ast.Unparen(a).(*ast.FuncLit); lit {
			continue
		}
		if t := f.info.TypeOf(a); onlyStamps(t) && !(code.IsNumeric(t) && f.dependsOn(a, down)) {
			continue
		}
		if f.dependsOn(a, varying) {
			return true
		}
	}
	return false
}

// countedDown returns the variables the loop steps down in place (n--,
// n -= k).
func (f *flow) countedDown(l *loop) map[types.Object]bool {
	down := make(map[types.Object]bool)
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		if d.Func == f.fn.node && (d.Op == token.DEC || d.Op == token.SUB_ASSIGN) && d.ByName() {
			down[d.Var] = true
		}
	}
	return down
}

// onlyStamps reports whether a value of type t stamps an attempt rather than
// saying what it asks for (see above).
func onlyStamps(t types.Type) bool {
	if t == nil {
		return true
	}
	if IsContext(t) || code.IsNumeric(t) || code.IsBoolean(t) {
		return true
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return code.IsObject(n.Obj(), "time", "Time")
	}
	return false
}

// varyingInputs returns the variables the loop changes from one round to the
// next (variant), leaving out contexts and values only re-stamped with one.
func (f *flow) varyingInputs(l *loop) map[types.Object]bool {
	if v, ok := f.varyingOf[l]; ok {
		return v
	}
	if f.varyingOf == nil {
		f.varyingOf = make(map[*loop]map[types.Object]bool)
	}
	v := f.changedEachRound(l, true, func(obj types.Object, rhs ast.Expr) bool {
		return !IsContext(obj.Type()) && (rhs == nil || !f.remakes(rhs, obj) && !appendsTo(f.info, rhs, obj))
	})
	f.varyingOf[l] = v
	return v
}

// remakes reports whether rhs re-makes obj from itself with only contexts
// (obj.M(ctx) of obj's own type) or only its length (make(T, len(obj))).
func (f *flow) remakes(rhs ast.Expr, obj types.Object) bool {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return false
	}
	if code.IsBuiltinCall(f.info, call, "make") {
		return len(call.Args) == 2 && isLenOf(f.info, call.Args[1], obj)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || code.Root(f.info, sel.X, code.ThroughIndex) != obj {
		return false
	}
	if t := f.info.TypeOf(rhs); t == nil || !types.Identical(t, obj.Type()) {
		return false
	}
	for _, a := range call.Args {
		if t := f.info.TypeOf(a); t == nil || !IsContext(t) {
			return false
		}
	}
	return true
}

// isLenOf reports whether e is len(obj).
func isLenOf(info *types.Info, e ast.Expr, obj types.Object) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && code.IsBuiltinCall(info, call, "len") && len(call.Args) == 1 && code.Root(info, call.Args[0], 0) == obj
}

// appendsTo reports whether rhs is append(obj, ...).
func appendsTo(info *types.Info, rhs ast.Expr, obj types.Object) bool {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	return ok && code.IsBuiltinCall(info, call, "append") && len(call.Args) > 0 && code.Root(info, call.Args[0], 0) == obj
}
