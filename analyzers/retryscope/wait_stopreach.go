package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A wait with no context in reach may still have a stop signal in sight:
// a component's stop channel (s.stop, closed by its Stop method), a channel
// its caller hands it (stop <-chan struct{}), or a value that says done
// through a Done() <-chan struct{} method. Such a wait ignores a stop it
// could watch, exactly as a sleep ignores a context in scope. A channel
// counts as a stop when nothing but its closing can be read from it here:
//   - a parameter of the function, or of one around it: the caller's stop;
//   - a variable or a field (of the receiver or of a parameter) that the
//     package closes (close(s.stop)): closing is how a stop is said;
//
// and the function takes no data from it (v := <-ch, for v := range ch): a
// channel read for its values is a queue, and a select on it would eat them;
// and its closing is shown to mean stop (wait_stopmeaning.go).
// A send-only channel cannot be watched, and a channel of time.Time (a
// ticker's, a timer's) is a clock, not a stop.

// StopChannelInReach spells a stop signal the function holding at can
// watch, innermost first (a channel in a select: s.stop, stop, t.Done()),
// or "" when none is in sight.
func (res *Result) StopChannelInReach(at ast.Node) string {
	if res.pkg == nil || res.info == nil || at == nil {
		return ""
	}
	decl, holder := enclosingFuncs(res.info, at)
	inner := res.pkg.Scope().Innermost(at.Pos())
	for s := inner; s != nil && s != res.pkg.Scope() && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || v.Name() == "_" || v.Pos() >= at.Pos() || !visible(inner, v, at.Pos()) {
				continue
			}
			if spelling := res.stopOf(decl, holder, v, at); spelling != "" {
				return spelling
			}
		}
	}
	return ""
}

// stopOf spells the stop a variable in scope is or holds: the variable, its
// Done(), or one of its struct's fields when it is the receiver or a
// parameter.
func (res *Result) stopOf(decl *ast.FuncDecl, holder ast.Node, v *types.Var, at ast.Node) string {
	param := v.Kind() == types.ParamVar
	if res.isStopChan(decl, holder, v, param) && res.meansStop(v) && !res.closedOnlyAfterJoining(v, holder) {
		return v.Name()
	}
	if hasDoneChan(v.Type()) {
		return v.Name() + ".Done()"
	}
	if !param && v.Kind() != types.RecvVar {
		return ""
	}
	st, ok := derefType(v.Type()).Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for f := range st.Fields() {
		if f.Embedded() || !f.Exported() && f.Pkg() != res.pkg {
			continue
		}
		if res.isStopChan(decl, holder, f, false) && res.meansStop(f) && !res.stopUnderConstruction(decl, holder, f, at) {
			return v.Name() + "." + f.Name()
		}
	}
	return ""
}

// isStopChan reports whether v is a channel the function can watch for a
// stop: receivable, a parameter or closed by the package outside holder,
// and never read for data in decl.
func (res *Result) isStopChan(decl *ast.FuncDecl, holder ast.Node, v *types.Var, param bool) bool {
	ch, ok := v.Type().Underlying().(*types.Chan)
	if !ok || ch.Dir() == types.SendOnly || code.IsNamed(ch.Elem(), "time", "Time") {
		return false // a send-only channel cannot be watched; a clock's ticks are no stop
	}
	return (param || res.closedElsewhere(v, holder)) && !readsData(res.info, decl, v)
}

// closedElsewhere reports whether a call of the package outside holder
// closes the variable or field v. A channel the waiting function closes
// itself (defer close(done) in a goroutine) says it finished, not stop.
func (res *Result) closedElsewhere(v *types.Var, holder ast.Node) bool {
	if res.funcs == nil {
		return false
	}
	for _, call := range res.funcs.calls {
		if holder != nil && holder.Pos() <= call.Pos() && call.Pos() < holder.End() {
			continue
		}
		if code.IsBuiltinCall(res.info, call, "close") && len(call.Args) == 1 && code.Assigned(res.info, call.Args[0]) == v {
			return true
		}
	}
	return false
}

// readsData reports whether decl takes values from the channel v: a receive
// that keeps its value, or a range over it.
func readsData(info *types.Info, decl *ast.FuncDecl, v *types.Var) bool {
	if decl == nil || decl.Body == nil {
		return false
	}
	found := false
	code.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			found = code.Assigned(info, n.X) == v
		case *ast.AssignStmt:
			ch, kept := receivedChan(n)
			found = kept && ch != nil && code.Assigned(info, ch) == v
		}
		return !found
	})
	return found
}

// hasDoneChan reports whether t, not a context (contextOf reads those), has
// a method Done() <-chan struct{}.
func hasDoneChan(t types.Type) bool {
	if IsContext(t) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Done")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	ch, ok := sig.Results().At(0).Type().Underlying().(*types.Chan)
	if !ok || ch.Dir() != types.RecvOnly {
		return false
	}
	st, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// enclosingFuncs returns the function declaration that holds n and the
// innermost function (a literal, or that declaration) that does; nil when
// none.
func enclosingFuncs(info *types.Info, n ast.Node) (decl *ast.FuncDecl, holder ast.Node) {
	for _, m := range code.TreeOf(info).Enclosing(n) {
		switch m := m.(type) {
		case *ast.FuncLit:
			if holder == nil {
				holder = m
			}
		case *ast.FuncDecl:
			if holder == nil {
				holder = m
			}
			return m, holder
		}
	}
	return nil, holder
}
