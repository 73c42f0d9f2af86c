package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry whose only end is a stop handed in from outside its function (a
// context parameter, r.Context(), a field of a parameter, a stop channel) is
// bounded by whoever hands that stop in: a service's lifetime context that
// shutdown cancels, a manager's, a request's with a deadline of its own.
// Whether it ever fires is the caller's business and out of reach here, so
// "it has no limit" is no claim this function's code can prove. It is one
// where the stop provably never fires: StopNeverFires.

// StopNeverFires returns why the context that ends a region's retrying
// (Bound.Deadline: a ctx.Done()/ctx.Err() check, the context a helper
// watches) can never end, or "" when it may, or when that is out of reach
// (a stop channel, a context from another package's field or call):
//   - a context nothing can cancel (ContextNeverEnds: context.Background(),
//     TODO(), WithValue of one);
//   - context.WithCancel of such a context whose cancel function nothing
//     calls, or only a defer of the retrying's own function (it runs after
//     the retrying);
//   - a context parameter of an unexported function that some call of the
//     package hands one of those: that call retries forever.
func (res *Result) StopNeverFires(r *Region) string {
	if r == nil || res.info == nil || res.funcs == nil || r.Bound.Deadline == nil || r.Bound.DeadlineLocal {
		return ""
	}
	encl := res.funcs.enclosing(r.Pos)
	ctxs := boundContexts(res.info, r.Bound.Deadline)
	why := ""
	for _, ctx := range ctxs {
		if why = res.contextNeverEnds(ctx, encl); why == "" {
			return ""
		}
	}
	return why
}

// contextNeverEnds returns why the context ctx, read in function in, never
// ends, or "".
func (res *Result) contextNeverEnds(ctx ast.Expr, in *funcNode) string {
	name := types.ExprString(ctx)
	if res.neverCancelled(ctx, in) {
		return "nothing can cancel " + name
	}
	v := code.VarOf(res.info, ctx)
	for fn := in; v != nil && fn != nil; fn = fn.parent {
		i := slices.Index(fn.params(res.info), v)
		if i < 0 {
			continue
		}
		if arg, caller := res.neverEndingArg(fn, i); arg != nil {
			why := caller + " hands " + name + " " + types.ExprString(arg)
			if _, isCall := ast.Unparen(arg).(*ast.CallExpr); !isCall {
				why += ", which nothing can cancel"
			}
			return why
		}
		return ""
	}
	return ""
}

// neverEndingArg returns an argument some call of the package passes for
// parameter i of fn, an unexported function that keeps the argument, when
// that argument never ends, and the name of the function that makes the
// call.
func (res *Result) neverEndingArg(fn *funcNode, i int) (ast.Expr, string) {
	if fn.obj == nil || fn.obj.Exported() {
		return nil, ""
	}
	sig, ok := fn.obj.Type().(*types.Signature)
	if !ok || i >= sig.Params().Len() || sig.Variadic() && i == sig.Params().Len()-1 || assigned(res.info, sig.Params().At(i)) {
		return nil, ""
	}
	var first *ast.CallExpr // the first in the source, for a stable message
	for _, call := range res.callsNaming(fn.obj) {
		if i < len(call.Args) && !call.Ellipsis.IsValid() && (first == nil || call.Pos() < first.Pos()) && res.neverCancelled(call.Args[i], nil) {
			first = call
		}
	}
	if first == nil {
		return nil, ""
	}
	if caller := res.funcs.enclosing(first.Pos()).decl(); caller != nil && funcName(caller) != nil {
		return first.Args[i], funcName(caller).Name
	}
	return nil, ""
}

// neverCancelled reports whether the context e never ends: nothing can
// cancel it, or it is a variable or unexported field of the package each
// assignment of which (one at least) is context.WithCancel (or a form of it)
// of such a context with a cancel function nothing calls, or only a defer
// of function in.
func (res *Result) neverCancelled(e ast.Expr, in *funcNode) bool {
	return res.neverCancelledAt(e, in, 0)
}

func (res *Result) neverCancelledAt(e ast.Expr, in *funcNode, depth int) bool {
	if depth > maxCtxChain {
		return false
	}
	if v := code.VarOf(res.info, e); v != nil && res.declaredParam(v) {
		return false // its first value is a caller's: the assignments seen are not all
	}
	if res.uncancellable(e, 0) || res.returnsNeverEnding(e, depth) {
		return true
	}
	if v := code.VarOf(res.info, e); v != nil && !v.IsField() {
		if vals, ok := code.AllValues(res.info, v); ok && len(vals) > 0 && !slices.ContainsFunc(vals, func(val ast.Expr) bool {
			return !res.neverCancelledAt(val, nil, depth+1)
		}) {
			return true
		}
	}
	v := ctxVarOrField(res.info, e)
	if v == nil || v.Exported() || v.Pkg() != res.pkg || v.IsField() && res.literalSets(v) {
		return false
	}
	n := 0
	for _, d := range code.DefsOf(res.info, v) {
		cancel := cancelOf(res.info, d)
		if cancel == nil || !d.Replaces() {
			return false
		}
		makes, parent := DeadlineCall(res.info, ast.Unparen(d.Stmt.(*ast.AssignStmt).Rhs[0]).(*ast.CallExpr))
		if makes || parent == nil || !res.uncancellable(parent, 0) || res.cancelCalled(cancel, d, in) {
			return false
		}
		n++
	}
	return n > 0
}

// returnsNeverEnding reports whether e calls a function of the package
// whose every return of a context (one at least) never ends
// (func detached(ctx) context.Context { return context.WithoutCancel(ctx) }).
func (res *Result) returnsNeverEnding(e ast.Expr, depth int) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(res.info, call)
	if fn == nil || fn.Pkg() != res.pkg || res.funcs.byObj[fn.Origin()] == nil {
		return false
	}
	node := res.funcs.byObj[fn.Origin()]
	sig, ok := fn.Type().(*types.Signature)
	if !ok || node.body == nil || sig.Results().Len() == 0 || !IsContext(sig.Results().At(0).Type()) {
		return false
	}
	seen, all := 0, true
	walkBody(res.info, node.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if len(ret.Results) != sig.Results().Len() {
			all = false
		} else if !code.IsNil(res.info, ret.Results[0]) {
			seen++
			all = all && res.neverCancelledAt(ret.Results[0], nil, depth+1)
		}
		return false
	})
	return seen > 0 && all
}

// declaredParam reports whether v is a parameter of a function of the
// package.
func (res *Result) declaredParam(v *types.Var) bool {
	fn, _ := code.ParamOf(res.info, v)
	return fn != nil
}

// ctxVarOrField returns the variable of x or the field of x.f, or nil.
func ctxVarOrField(info *types.Info, e ast.Expr) *types.Var {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		v, _ := info.Uses[sel.Sel].(*types.Var)
		return v
	}
	return code.VarOf(info, e)
}

// cancelCalled reports whether the cancel function assignment d stores in
// cancel may run before the retrying in function in ends: a use of it
// other than an assignment, unless it is deferred by in itself (for a
// variable of in).
func (res *Result) cancelCalled(cancel ast.Expr, d code.Def, in *funcNode) bool {
	c := ctxVarOrField(res.info, cancel)
	if c == nil {
		return false // _: nothing can call it
	}
	lhs := make(map[*ast.Ident]bool)
	for _, cd := range code.DefsOf(res.info, c) {
		lhs[code.NameIdent(cd.Lhs)] = true
	}
	for id, obj := range res.info.Uses {
		if obj != c || lhs[id] {
			continue
		}
		if in == nil || c.IsField() || d.Func != in.node || !res.deferredIn(id, in) {
			return true
		}
	}
	return false
}

// deferredIn reports whether id is the callee of a defer statement of fn
// itself (defer cancel()).
func (res *Result) deferredIn(id *ast.Ident, fn *funcNode) bool {
	path := code.TreeOf(res.info).Enclosing(id)
	if len(path) < 3 {
		return false
	}
	call, ok := path[1].(*ast.CallExpr)
	def, isDefer := path[2].(*ast.DeferStmt)
	return ok && isDefer && def.Call == call && ast.Unparen(call.Fun) == id && res.funcs.enclosing(def.Pos()) == fn
}

// literalSets reports whether a struct literal of the package sets field f.
func (res *Result) literalSets(f *types.Var) bool {
	found := false
	for _, file := range res.files {
		code.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && !found {
				found = code.LiteralField(res.info, lit, f) != nil
			}
			return !found
		})
	}
	return found
}

// boundContexts returns the contexts a region's Deadline asks: the context
// itself (a helper's), those of its ctx.Done() and ctx.Err() calls, and
// those of the init of its if statement (if err := ctx.Err(); err != nil).
func boundContexts(info *types.Info, n ast.Node) []ast.Expr {
	if e, ok := n.(ast.Expr); ok && IsContext(info.TypeOf(e)) {
		return []ast.Expr{e}
	}
	var out []ast.Expr
	ask := func(n ast.Node) {
		code.Inspect(n, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok {
				if ctx := askedContext(info, call); ctx != nil {
					out = append(out, ctx)
				}
			}
			return true
		})
	}
	ask(n)
	if e, ok := n.(ast.Expr); ok {
		if as, _ := code.AssignAtIf(info, e, nil, false); as != nil {
			ask(as)
		}
	}
	return out
}

// StopMadeHere reports whether what ends a region's retrying is a receive
// from a channel the function makes itself (stop := make(chan struct{})) and
// never closes or sends on: no caller hands that stop in, so it is no
// caller's bound, and nothing in sight fires it.
func (res *Result) StopMadeHere(r *Region) bool {
	if r == nil || res.info == nil || res.funcs == nil {
		return false
	}
	s, ok := r.Bound.Deadline.(ast.Stmt)
	if !ok {
		return false
	}
	ch, _ := receivedChan(s)
	v := code.VarOf(res.info, ch)
	if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == res.pkg.Scope() || res.declaredParam(v) {
		return false
	}
	n := 0
	for _, d := range code.DefsOf(res.info, v) {
		if d.Value == nil || !madeChan(res.info, d.Value) {
			return false
		}
		n++
	}
	return n > 0 && !firedIn(res.info, res.funcs.enclosing(r.Pos).decl(), v)
}

// firedIn reports whether the declaration fn closes channel v or sends on it.
func firedIn(info *types.Info, fn *funcNode, v *types.Var) bool {
	if fn == nil {
		return true
	}
	fired := false
	code.Inspect(fn.node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt:
			fired = fired || code.VarOf(info, n.Chan) == v
		case *ast.CallExpr:
			fired = fired || code.IsBuiltinCall(info, n, "close") && len(n.Args) == 1 && code.VarOf(info, n.Args[0]) == v
		}
		return !fired
	})
	return fired
}
