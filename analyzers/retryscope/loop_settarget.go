package retryscope

import (
	"go/ast"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop may hand each round's target to a setter of an object the attempt
// reads instead of passing it as an argument:
//
//	remote := remoteOf(ctx)
//	for i := 0; i < n; i++ {
//		remote.SetInstance(lb.Picker().Next())
//		err = call(ctx, req) // reads the instance back through ctx
//	}
//
// The attempt goes to another target each round, a failover as if it took the
// value. The value must change each round: an element of the collection the
// loop ranges over, one indexed by the counter (all[i]), or a fresh pick (a
// call in the loop of a method named Next or Pick…). The setter is a Set…
// method of a pointer or an interface, called on a variable the attempt
// reaches: its receiver, one of its arguments, or a local made from its
// context or arguments. A pick set once before the loop, or handed to an
// object the attempt never reads (a metrics or logging object), leaves the
// same target every round.

// setsTargetOnShared reports whether the loop hands a per-round target to a
// setter of an object the attempts reach (see above).
func (f *flow) setsTargetOnShared(l *loop, attempts []*ast.CallExpr) bool {
	reached := f.reachedBy(attempts)
	if len(reached) == 0 {
		return false
	}
	perRound := f.derived(l, f.roundTargets(l))
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || !f.isSetter(call) || !reached[setterObject(f.info, call)] {
			return true
		}
		for _, a := range call.Args {
			if mentions(f.info, a, perRound) || f.isPick(a) || f.indexedByCounter(l, a) {
				found = true
			}
		}
		return !found
	})
	return found
}

// roundTargets returns the variables that hold another target each round: the
// elements the loop ranges over (not an integer range's counter), elements
// indexed by the counter, iterators, and fresh picks.
func (f *flow) roundTargets(l *loop) []types.Object {
	out := f.indexedElements(l)
	switch s := l.stmt.(type) {
	case *ast.RangeStmt:
		if t := f.info.TypeOf(s.X); t != nil && !code.IsInteger(t) {
			for _, e := range []ast.Expr{s.Key, s.Value} {
				if o := lhsObj(f.info, e); o != nil {
					out = appendNew(out, o)
				}
			}
		}
	case *ast.ForStmt:
		out = appendNew(out, iterated(f.info, s)...)
	}
	for obj, rhss := range f.assignsIn(l) {
		for _, rhs := range rhss {
			if rhs != nil && f.isPick(rhs) {
				out = appendNew(out, obj)
			}
		}
	}
	return out
}

// isPick reports whether e calls a method named Next or Pick… that returns a
// target: not a flag, a number or an error.
func (f *flow) isPick(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s := f.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return false
	}
	if name := sel.Sel.Name; name != "Next" && !strings.HasPrefix(name, "Pick") {
		return false
	}
	return handsOutTarget(firstResult(f.info.TypeOf(call)))
}

// isSetter reports whether call is a Set… method of a pointer or an interface:
// it stores its argument in the object.
func (f *flow) isSetter(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) == 0 || !setterName(sel.Sel.Name) {
		return false
	}
	s := f.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return false
	}
	recv := s.Obj().(*types.Func).Signature().Recv()
	if recv == nil {
		return false
	}
	_, ptr := recv.Type().(*types.Pointer)
	return ptr || types.IsInterface(recv.Type())
}

// setterName reports whether name is Set followed by a capital (SetInstance).
func setterName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Set")
	r, _ := utf8.DecodeRuneInString(rest)
	return ok && unicode.IsUpper(r)
}

// setterObject returns the variable a setter is called on when it is one
// variable (remote.SetInstance, not c.metrics.SetLast), or nil.
func setterObject(info *types.Info, call *ast.CallExpr) types.Object {
	sel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	x := ast.Unparen(sel.X)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = ast.Unparen(u.X)
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	return v
}

// reachedBy returns the variables the attempts can read: their receivers
// when named by one variable, the variables in their arguments (the context
// too), and the locals the function makes from those arguments.
func (f *flow) reachedBy(attempts []*ast.CallExpr) map[types.Object]bool {
	var args []types.Object
	out := map[types.Object]bool{}
	for _, call := range attempts {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				if v, ok := f.info.Uses[id].(*types.Var); ok {
					out[v] = true
				}
			}
		}
		for _, a := range call.Args {
			code.Inspect(a, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := f.info.Uses[id].(*types.Var); ok && !v.IsField() {
						args = appendNew(args, types.Object(v))
					}
				}
				return true
			})
		}
	}
	whole := &loop{stmt: f.fn.body, pos: f.fn.body.Pos(), end: f.fn.body.End()}
	for _, o := range f.derived(whole, args) {
		out[o] = true
	}
	return out
}
