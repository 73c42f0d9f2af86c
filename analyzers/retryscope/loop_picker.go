package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A failover may take each round's target from a picker, a function value or
// a method that hands out another target on each call:
//
//	next := strategy(nodes)
//	for i := 0; i < 3; i++ {
//		n, err := next()
//		if err != nil {
//			continue
//		}
//		req.URL.Host = n.Addr
//		if resp, err := rt.RoundTrip(req); err == nil {
//			return resp, nil
//		}
//	}
//
// The attempt reads the pick as its target (an argument, a field of the
// request it sends, the client it calls), so each round tries another one: a
// failover, not the failed attempt again. A picker out of reach (a function
// value, a method of an interface or of another package) is told by its name
// (next, pick, select, choose: the method's, or the function value's or its
// type's) and by what it hands out: not an error, a flag or a number (a
// counter's next value is an attempt number). A function value must be made
// before the loop: one made again each round starts over. A method of this
// package is judged by its body instead (loop_failover_methods.go). A pick made once before the loop, or
// a call each round whose result the attempt never reads (a label for the
// log), leaves the same target every round.

// pickerWords are the words of a picker's name.
var pickerWords = []string{"next", "pick", "select", "choose"}

// picksEachRound reports whether an attempt takes a value a picker hands out
// in this round (see above).
func (f *flow) picksEachRound(l *loop, attempts []*ast.CallExpr) bool {
	for _, call := range attempts {
		for _, a := range call.Args {
			if f.picker(l, a) {
				return true // send(pick())
			}
		}
	}
	var seeds []types.Object
	for obj, rhss := range f.assignsIn(l) {
		for _, rhs := range rhss {
			if rhs != nil && handsOutTarget(obj.Type()) && f.picker(l, rhs) {
				seeds = appendNew(seeds, obj)
			}
		}
	}
	return f.usesElements(l, attempts, seeds) // addr := pick(); send(addr)
}

// picker reports whether e calls a picker: a method, or a function value made
// before the loop, named for picking, whose first result is a target.
func (f *flow) picker(l *loop, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !handsOutTarget(firstResult(f.info.TypeOf(call))) {
		return false
	}
	var name string
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = fun.Name
	case *ast.SelectorExpr:
		name = fun.Sel.Name
		if s := f.info.Selections[fun]; s == nil || s.Kind() == types.MethodExpr {
			return false // a package's function, or a method expression
		} else if s.Kind() == types.MethodVal {
			// A method of this package is judged by its body (roundRobins); a
			// builder's Select hands back the builder itself, not a target.
			fn, _ := s.Obj().(*types.Func)
			return f.res.FuncDecl(fn) == nil && code.NameSays(name, pickerWords...) &&
				!types.Identical(firstResult(f.info.TypeOf(call)), s.Recv())
		}
	default:
		return false
	}
	v := code.Root(f.info, call.Fun, code.ThroughIndex)
	if _, isVar := v.(*types.Var); !isVar || l.contains(v.Pos()) || len(f.assignsIn(l)[v]) > 0 {
		return false // a declared function, or a function value made in the loop
	}
	return code.NameSays(name, pickerWords...) || code.NameSays(typeName(f.info.TypeOf(call.Fun)), pickerWords...)
}

// handsOutTarget reports whether a value of type t can name a target: not an
// error, a flag or a number.
func handsOutTarget(t types.Type) bool {
	if t == nil || code.IsError(t) {
		return false
	}
	b, basic := t.Underlying().(*types.Basic)
	return !basic || b.Info()&types.IsString != 0
}

// firstResult is the type of a call's only or first result.
func firstResult(t types.Type) types.Type {
	if tuple, ok := t.(*types.Tuple); ok {
		if tuple.Len() == 0 {
			return nil
		}
		return tuple.At(0).Type()
	}
	return t
}

// typeName is the name of a named type, or "".
func typeName(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}
