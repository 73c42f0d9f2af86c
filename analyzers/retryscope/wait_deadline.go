package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// maxDeadlineDepth bounds how far deadline detection follows definitions and
// same-package helper functions: ctx2 := ctx chains, a helper that calls a
// helper that calls context.WithTimeout.
const maxDeadlineDepth = 6

// LocalDeadline reports whether the context that ends a region's retrying got
// a deadline in the region's function: Bound.DeadlineLocal, which the engine
// sets with localDeadline, the one definition of "this context has a deadline"
// that the engine and the rules share.
func (res *Result) LocalDeadline(r *Region) bool { return r != nil && r.Bound.DeadlineLocal }

// localDeadline reports whether the context that ends a region's retrying
// (Bound.Deadline: a ctx.Done()/ctx.Err() check of a loop, the context a
// helper watches) got a deadline in the region's function: what the region's
// analysis found on the spot (a context.WithTimeout in the function, a time
// cap of a helper), and also a context that comes, through local variables,
// from
//   - context.WithTimeout, WithDeadline, WithTimeoutCause, WithDeadlineCause;
//   - context.WithCancel, WithCancelCause or WithValue of such a context (a
//     derived context keeps its parent's deadline);
//   - a call of a function of this package whose context result is, on every
//     return that yields one, such a context (func (s *S) opCtx()
//     (context.Context, context.CancelFunc) { return context.WithTimeout(s.ctx,
//     s.timeout) }), followed through helpers of helpers up to a small depth.
//
// A context received from the caller, read from a field, or made by a function
// of another package is not known to have a deadline.
func (res *Result) localDeadline(r *Region) bool {
	if r == nil || r.Bound.Deadline == nil {
		return false
	}
	if r.Bound.DeadlineLocal {
		return true
	}
	if res.funcs == nil || res.info == nil {
		return false
	}
	encl := res.funcs.find(r.Func)
	if encl == nil {
		return false
	}
	d := newDeadlines(res)
	if e, ok := r.Bound.Deadline.(ast.Expr); ok && IsContext(res.info.TypeOf(e)) {
		return d.expr(encl, e, 0)
	}
	found := false
	code.Inspect(r.Bound.Deadline, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if ctx := askedContext(res.info, call); ctx != nil {
			found = d.expr(encl, ctx, 0)
		}
		return !found
	})
	return found
}

// deadlines answers "does this context expression carry a deadline made in
// this package?" for one question, memoizing variables (which also stops
// cycles such as ctx = context.WithValue(ctx, k, v)).
type deadlines struct {
	res   *Result
	flows map[*funcNode]*flow
	vars  map[types.Object]int8 // 1 in progress or no, 2 yes
	known map[*types.Var]bool   // variables the asker knows to carry one
}

func (d *deadlines) flow(fn *funcNode) *flow {
	if fn == nil {
		return &flow{info: d.res.info}
	}
	f := d.flows[fn]
	if f == nil {
		f = &flow{info: d.res.info, fn: fn}
		d.flows[fn] = f
	}
	return f
}

// expr reports whether e, evaluated in fn, is a context with a deadline.
func (d *deadlines) expr(fn *funcNode, e ast.Expr, depth int) bool {
	if depth > maxDeadlineDepth {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return d.call(fn, e, depth)
	case *ast.Ident:
		v, ok := d.res.info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		return d.variable(fn, v, depth)
	}
	return false
}

// variable reports whether some definition of a local variable gives it a
// deadline (as the engine's own check does for ctx, cancel :=
// context.WithTimeout(...)).
func (d *deadlines) variable(fn *funcNode, v *types.Var, depth int) bool {
	if d.known[v] {
		return true
	}
	switch d.vars[v] {
	case 1:
		return false
	case 2:
		return true
	}
	d.vars[v] = 1
	for _, def := range d.flow(fn).defsOf(v) {
		if d.expr(fn, def, depth+1) {
			d.vars[v] = 2
			return true
		}
	}
	return false
}

// call reports whether a call, evaluated in fn, returns a context with a
// deadline.
func (d *deadlines) call(fn *funcNode, call *ast.CallExpr, depth int) bool {
	callee := code.Callee(d.res.info, call)
	if callee == nil {
		return false
	}
	switch makes, parent := DeadlineCall(d.res.info, call); {
	case makes:
		return true
	case parent != nil:
		return d.expr(fn, parent, depth+1)
	}
	if recv := requestContextOf(callee, call); recv != nil {
		// The context of a request the asker knows to carry one.
		v, ok := d.res.info.Uses[recv].(*types.Var)
		return ok && d.known[v]
	}
	if callee.Pkg() != d.res.pkg {
		return false
	}
	helper := d.res.funcs.byObj[callee.Origin()]
	if helper == nil || helper.body == nil {
		return false
	}
	return d.returns(helper, depth+1)
}

// returns reports whether a function's context result carries a deadline on
// every return that yields a context (returns of nil, on error paths, are left
// out), and on at least one.
func (d *deadlines) returns(fn *funcNode, depth int) bool {
	if depth > maxDeadlineDepth || fn.obj == nil {
		return false
	}
	sig, ok := fn.obj.Type().(*types.Signature)
	if !ok {
		return false
	}
	idx := -1
	for i := 0; i < sig.Results().Len(); i++ {
		if IsContext(sig.Results().At(i).Type()) {
			idx = i
			break
		}
	}
	if idx < 0 {
		return false
	}
	n := sig.Results().Len()
	named := sig.Results().At(idx)
	seen, all := 0, true
	walkBody(d.res.info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(node ast.Node) bool {
		ret, ok := node.(*ast.ReturnStmt)
		if !ok || !all {
			return all
		}
		var ok2 bool
		switch {
		case len(ret.Results) == 0: // bare return of named results
			if named.Name() == "" {
				all = false
				return false
			}
			ok2 = d.variable(fn, named, depth+1)
		case len(ret.Results) == n:
			e := ret.Results[idx]
			if code.IsNil(d.res.info, ast.Unparen(e)) {
				return false
			}
			ok2 = d.expr(fn, e, depth+1)
		case len(ret.Results) == 1: // return helper(...) of a multi-value call
			call, isCall := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
			ok2 = isCall && d.call(fn, call, depth+1)
		}
		seen++
		all = all && ok2
		return false
	})
	return seen > 0 && all
}

// MakesDeadline reports whether a call returns a context with a deadline:
// context.WithTimeout or WithDeadline (and their Cause forms), WithCancel or
// WithValue of a context with a deadline, or a call of a function of this
// package whose context result has one on every return (see LocalDeadline).
func (res *Result) MakesDeadline(call *ast.CallExpr) bool {
	if call == nil || res.funcs == nil || res.info == nil {
		return false
	}
	return newDeadlines(res).call(res.funcs.enclosing(call.Pos()), call, 0)
}

// HasDeadline reports whether a context expression, evaluated where it
// stands, carries a deadline made in this package: LocalDeadline's definition,
// for rules that ask about a context other than a region's. known are
// variables the asker knows to carry one (httptimeout: parameters bound to
// such a context at every call); a known *http.Request variable carries one
// in its Context().
func (res *Result) HasDeadline(e ast.Expr, known map[*types.Var]bool) bool {
	if e == nil || res == nil || res.funcs == nil || res.info == nil {
		return false
	}
	d := newDeadlines(res)
	d.known = known
	return d.expr(res.funcs.enclosing(e.Pos()), e, 0)
}

// requestContextOf returns the request variable of a req.Context() call
// (*http.Request), or nil.
func requestContextOf(callee *types.Func, call *ast.CallExpr) *ast.Ident {
	if callee.FullName() != "(*net/http.Request).Context" {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, _ := ast.Unparen(sel.X).(*ast.Ident)
	return id
}

// DeadlineCall says what a call does to a context's deadline: makes one
// (context.WithTimeout, WithDeadline and their Cause forms), or keeps its
// parent's (WithCancel, WithCancelCause, WithValue: parent is the context it
// derives from); neither for any other call.
func DeadlineCall(info *types.Info, call *ast.CallExpr) (makes bool, parent ast.Expr) {
	fn := code.Callee(info, call)
	if fn == nil {
		return false, nil
	}
	switch fn.FullName() {
	case "context.WithTimeout", "context.WithDeadline", "context.WithTimeoutCause", "context.WithDeadlineCause":
		return true, nil
	case "context.WithCancel", "context.WithCancelCause", "context.WithValue":
		if len(call.Args) > 0 {
			return false, call.Args[0]
		}
	}
	return false, nil
}

func newDeadlines(res *Result) *deadlines {
	return &deadlines{res: res, flows: make(map[*funcNode]*flow), vars: make(map[types.Object]int8)}
}

// askedContext returns the context a ctx.Done() or ctx.Err() call asks
// about, or nil for any other call.
func askedContext(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := code.Callee(info, call)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if fn == nil || !ok {
		return nil
	}
	switch fn.FullName() {
	case "(context.Context).Err", "(context.Context).Done":
		return sel.X
	}
	return nil
}
