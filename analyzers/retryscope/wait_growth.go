package retryscope

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// variant returns the variables a loop changes from one iteration to the next:
// counters (i++, n += 1), accumulators (d *= 2, d = d << 1), range variables, and
// anything assigned from them. A variable declared afresh in the body from
// loop-invariant values (d := 2 * time.Second) is not variant.
func (f *flow) variant(l *loop) map[types.Object]bool {
	if f.variantOf == nil {
		f.variantOf = make(map[*loop]map[types.Object]bool)
	}
	if v, ok := f.variantOf[l]; ok {
		return v
	}
	v := f.changedEachRound(l, false, func(types.Object, ast.Expr) bool { return true })
	f.variantOf[l] = v
	return v
}

// changedEachRound returns the variables the loop changes from one round to the next,
// counting only the assignments for which counts is true (a nil rhs stands
// for an update in place): see variant. With freshInside, a variable declared
// in the loop's body starts again each round, so stepping it in place (a
// cursor of an inner loop) carries nothing to the next round.
func (f *flow) changedEachRound(l *loop, freshInside bool, counts func(obj types.Object, rhs ast.Expr) bool) map[types.Object]bool {
	v := make(map[types.Object]bool)
	body := loopBody(l.stmt)
	inBody := func(o types.Object) bool { return body != nil && body.Pos() <= o.Pos() && o.Pos() < body.End() }
	assigns := f.assignsIn(l)
	for obj, rhss := range f.loopClosureDefs(l) {
		assigns[obj] = append(assigns[obj], rhss...)
	}
	if rs, ok := l.stmt.(*ast.RangeStmt); ok {
		for _, e := range []ast.Expr{rs.Key, rs.Value} {
			if o := lhsObj(f.info, e); o != nil && counts(o, nil) {
				v[o] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for obj, rhss := range assigns {
			if v[obj] {
				continue
			}
			for _, rhs := range rhss {
				if !counts(obj, rhs) {
					continue
				}
				steps := rhs == nil || mentions(f.info, rhs, []types.Object{obj})
				if steps && freshInside && inBody(obj) {
					steps = false
				}
				if steps || rhs != nil && f.dependsOn(rhs, v) {
					v[obj] = true
					changed = true
					break
				}
			}
		}
	}
	return v
}

// assignsIn maps each variable assigned inside the loop (in the function's own
// code, not in a nested literal) to its right-hand sides; a nil entry stands
// for an update in place (i++, d *= 2). It reads the package's def index.
func (f *flow) assignsIn(l *loop) map[types.Object][]ast.Expr {
	out := make(map[types.Object][]ast.Expr)
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		if d.Func != f.fn.node {
			continue
		}
		switch {
		case d.Op == token.INC || d.Op == token.DEC:
			if _, isField := ast.Unparen(d.Lhs).(*ast.SelectorExpr); isField {
				continue // a field: see variantFields
			}
			if o := code.Root(f.info, d.Lhs, code.ThroughIndex); o != nil {
				out[o] = append(out[o], nil)
			}
		case d.Var == nil || !d.ByName():
		case d.Op == token.VAR && d.Value == nil:
			// var x T: the zero value each round, no change.
		case d.Replaces():
			out[d.Var] = append(out[d.Var], d.Value)
		default:
			out[d.Var] = append(out[d.Var], nil)
		}
	}
	return out
}

func (f *flow) dependsOn(e ast.Expr, vars map[types.Object]bool) bool {
	return code.Mentions(f.info, e, func(o types.Object) bool { return vars[o] })
}

// growth says how a wait duration changes between attempts, whether randomness
// flows into it, and whether it is computed from pure arithmetic alone.
// library is the backoff call the duration comes from (wait_library.go), or nil.
func (f *flow) growth(l *loop, d ast.Expr) (g Growth, jitter, deterministic bool, library *HelperCall) {
	e := exprFacts{loop: l}
	f.walkDuration(l, d, &e, map[types.Object]bool{}, 0)
	return e.growth(), e.random, !e.unknown && !e.random, e.library
}

type exprFacts struct {
	variant, random, unknown bool
	loop                     *loop
	library                  *HelperCall
}

func (e *exprFacts) growth() Growth {
	switch {
	case e.variant:
		return GrowthGrowing
	case e.unknown || e.random:
		return GrowthUnknown
	}
	return GrowthConstant
}

// walkDuration follows a duration expression through local variables and calls.
func (f *flow) walkDuration(l *loop, d ast.Expr, e *exprFacts, seen map[types.Object]bool, depth int) {
	if depth > 8 {
		e.unknown = true
		return
	}
	variant := f.variant(l)
	code.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			e.unknown = true
			return false
		case *ast.CallExpr:
			return f.durationCall(l, n, e)
		case *ast.SelectorExpr:
			if k := fieldKey(f.info, n); k != "" && f.variantFields(l)[k] && !f.constantFields(l)[k] {
				e.variant = true
			}
		case *ast.Ident:
			obj, ok := f.info.Uses[n].(*types.Var)
			if !ok || seen[obj] || obj.IsField() {
				return true
			}
			seen[obj] = true
			if variant[obj] {
				e.variant = true
			}
			for _, rhs := range f.defsOf(obj) {
				if f.clampOf(obj, rhs) {
					f.walkClamp(l, rhs, e, seen, depth+1)
					continue
				}
				f.walkDuration(l, rhs, e, seen, depth+1)
			}
			for _, rhs := range f.loopClosureDefs(l)[obj] {
				if rhs != nil {
					f.walkDuration(l, rhs, e, seen, depth+1)
				}
			}
		}
		return true
	})
}

// durationCall classifies a call inside a duration expression, and reports
// whether its operands are to be walked too: a backoff call's policy already
// says how its wait changes (its receiver's constructor says nothing more).
func (f *flow) durationCall(l *loop, call *ast.CallExpr, e *exprFacts) bool {
	if f.pureOperation(call) {
		return true // conversion, builtin, math: its arguments decide
	}
	fn := code.Callee(f.info, call)
	if fn == nil {
		e.unknown = true
		return true
	}
	if f.res.FreshFunc(fn).Random() {
		e.random = true
		return true
	}
	if h := f.libraryWait(l, call, fn); h != nil {
		e.library = h
		libraryFacts(h.Policy(), e)
		return false
	}
	variant := f.dependsOn(call, f.variant(l))
	e.variant = e.variant || variant
	if f.pureDuration(fn, 0) {
		return true // arithmetic on its arguments alone (wait_helpers.go)
	}
	e.unknown = true
	e.random = e.random || f.res.FreshCall(call).Random()
	return true
}

// pureOperation reports whether a call only computes from its arguments: a
// conversion, a builtin (min, max, len), a function of math, or a pure method
// of time (d.Seconds(), d.Truncate(m)).
func (f *flow) pureOperation(call *ast.CallExpr) bool {
	if tv, ok := f.info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, builtin := f.info.Uses[id].(*types.Builtin); builtin {
			return true
		}
	}
	fn := code.Callee(f.info, call)
	return fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "math" || isPureTimeMethod(fn))
}

func isPureTimeMethod(fn *types.Func) bool {
	if !isTimePkg(fn) {
		return false
	}
	switch fn.Name() {
	case "Seconds", "Milliseconds", "Microseconds", "Nanoseconds", "Minutes", "Hours", "Truncate", "Round", "Abs":
		return true
	}
	return false
}

// defsOf returns the right-hand sides assigned to a local variable in the
// function or the functions around it (not in other literals), those of updates
// in place (d += j) included: x op= e is a definition too, x's value then
// depends on e (d += jitter), besides its own earlier value.
func (f *flow) defsOf(obj *types.Var) []ast.Expr {
	return code.Values(f.info, obj, f.ownDef)
}

// ownDef reports whether an assignment is made in the function's own code or
// in that of a function around it.
func (f *flow) ownDef(d code.Def) bool {
	for fn := f.fn; fn != nil; fn = fn.parent {
		if d.Func == fn.node {
			return true
		}
	}
	return false
}

// variantFields returns the fields (by fieldKey) that the loop assigns or
// updates: c.delay *= 2, s.attempts++. Any assignment counts, since a field may
// be read back through another path.
func (f *flow) variantFields(l *loop) map[string]bool { return f.fieldWritesIn(l).assigned }

// constantFields returns the fields (by fieldKey) that the loop only ever
// sets to a constant (`if r.Interval == 0 { r.Interval = defaultInterval }`):
// from then on such a field holds that value, the same every round, so a
// wait read from it does not grow. Decided on T2 (a default filled in for a
// zero interval).
func (f *flow) constantFields(l *loop) map[string]bool { return f.fieldWritesIn(l).constant }

// fieldWrites are the fields a loop writes (fieldKey), and those of them it
// only ever gives a constant.
type fieldWrites struct{ assigned, constant map[string]bool }

// fieldWritesIn reads the loop's field writes once, for variantFields and
// constantFields.
func (f *flow) fieldWritesIn(l *loop) fieldWrites {
	if f.fieldsOf == nil {
		f.fieldsOf = make(map[*loop]fieldWrites)
	}
	if w, ok := f.fieldsOf[l]; ok {
		return w
	}
	w := fieldWrites{assigned: map[string]bool{}, constant: map[string]bool{}}
	other := map[string]bool{}
	write := func(e ast.Expr, constant bool) {
		k := fieldKey(f.info, e)
		if k == "" {
			return
		}
		w.assigned[k] = true
		if constant {
			w.constant[k] = true
		} else {
			other[k] = true
		}
	}
	walkBody(f.info, f.fn.body, []ast.Node{(*ast.IncDecStmt)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		if !l.contains(n.Pos()) {
			return true
		}
		switch n := n.(type) {
		case *ast.IncDecStmt:
			write(n.X, false)
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				write(lhs, setsConstant(f.info, n, i))
			}
		}
		return true
	})
	for k := range other {
		delete(w.constant, k)
	}
	f.fieldsOf[l] = w
	return w
}

// setsConstant reports whether the i-th target of as is given a constant.
func setsConstant(info *types.Info, as *ast.AssignStmt, i int) bool {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	return info.Types[as.Rhs[i]].Value != nil
}

// fieldKey names a field selection rooted at a variable (c.delay, s.cfg.n) by
// the variable's identity and the path, or "" for anything else.
func fieldKey(info *types.Info, e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return ""
	}
	root := code.Root(info, sel, code.ThroughIndex)
	if root == nil {
		return ""
	}
	return fmt.Sprintf("%p:%s", root, types.ExprString(sel))
}

// walkClamp reads the ceiling of a clamp (if s > limit { s = limit }): it
// only shortens the wait it caps, so it neither makes the wait grow nor
// leaves its make unknown (a deadline's time.Until(end) is no random part);
// only a random number in it counts, as jitter.
func (f *flow) walkClamp(l *loop, limit ast.Expr, e *exprFacts, seen map[types.Object]bool, depth int) {
	sub := exprFacts{loop: e.loop}
	f.walkDuration(l, limit, &sub, seen, depth)
	e.random = e.random || sub.random
}

// clampOf reports whether rhs is assigned to v by a clamp of the function:
// if v > limit { v = limit } (code.ClampLimit), rhs being that limit.
func (f *flow) clampOf(v *types.Var, rhs ast.Expr) bool {
	found := false
	walkBody(f.info, f.fn.body, []ast.Node{(*ast.IfStmt)(nil)}, func(n ast.Node) bool {
		found = found || (rhs != nil && code.ClampLimit(f.info, n.(*ast.IfStmt), v) == rhs)
		return !found
	})
	return found
}
