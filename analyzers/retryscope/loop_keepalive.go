package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry loop that cannot hand a failure to anybody keeps something alive
// (a subscription, a connection, a watch): its function has no error
// result, nothing it does returns, stores (anywhere but its own local
// variables), sends or hands to a callback or a function of the package an
// attempt's error or a value made from it, and the loop leaves only once an
// attempt succeeded or when a context without a deadline of the function's
// own, or an owner's stop, ends it. "Return permanent failures" has nowhere
// to go there: leaving early would stop the work for good with nobody told.
// A loop with a failure exit by count or by time of its own ends with a
// failure its caller sees, and is no keep-alive; nor is a loop whose
// function could return or store the error.

// KeepsAlive reports whether r is such a keep-alive loop.
func (res *Result) KeepsAlive(r *Region) bool {
	if r == nil || res.info == nil || res.funcs == nil || r.Kind != LoopRegion || r.Failover ||
		r.Bound.Counter != nil || r.Bound.DeadlineLocal || r.Bound.failures.v != nil {
		return false
	}
	fn := res.funcs.find(r.Func)
	loop, ok := r.Loop.(*ast.ForStmt)
	if fn == nil || !ok || res.resultCarriesError(fn.typ) {
		return false
	}
	errs := errorVars(r.ErrVars)
	if len(errs) == 0 || res.handsOn(fn, errs) {
		return false
	}
	if loop.Cond != nil && !res.everyOperandStops(r, loop.Cond, token.LAND) {
		return false
	}
	leaves, stops := res.exitsOf(r, loop, errs)
	return leaves && (stops || loop.Cond != nil)
}

// resultCarriesError reports whether a function type has a result that can
// hold an error.
func (res *Result) resultCarriesError(typ *ast.FuncType) bool {
	if typ == nil || typ.Results == nil {
		return false
	}
	return slices.ContainsFunc(typ.Results.List, func(f *ast.Field) bool { return carriesError(res.info.TypeOf(f.Type)) })
}

// errorVars returns the variables of vars that hold an error.
func errorVars(vars []types.Object) []types.Object {
	var errs []types.Object
	for _, v := range vars {
		if v != nil && carriesError(v.Type()) {
			errs = append(errs, v)
		}
	}
	return errs
}

// handsOn reports whether the function hands on one of errs, or a value
// made from one: a return, a send, an assignment to anything but a local
// variable of the function, or a call that may keep it (a func value, a
// function of the package, an interface method taking an error). Local
// variables assigned from them are followed.
func (res *Result) handsOn(fn *funcNode, errs []types.Object) bool {
	held := slices.Clone(errs)
	for grew := true; grew; {
		grew = false
		handed := false
		ast.Inspect(fn.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ReturnStmt:
				handed = handed || slices.ContainsFunc(n.Results, func(e ast.Expr) bool { return mentions(res.info, e, held) })
			case *ast.SendStmt:
				handed = handed || mentions(res.info, n.Value, held)
			case *ast.CallExpr:
				handed = handed || res.callKeeps(n, held)
			case *ast.AssignStmt:
				handed = handed || res.assignsOn(fn, n.Lhs, n.Rhs, &held, &grew)
			case *ast.ValueSpec:
				handed = handed || res.assignsOn(fn, identsOf(n.Names), n.Values, &held, &grew)
			}
			return !handed
		})
		if handed {
			return true
		}
	}
	return false
}

// assignsOn reports whether an assignment of a value made from one of held
// gives it to anything but a local variable; it adds such variables to held.
func (res *Result) assignsOn(fn *funcNode, lhs, rhs []ast.Expr, held *[]types.Object, grew *bool) bool {
	if !slices.ContainsFunc(rhs, func(e ast.Expr) bool { return mentions(res.info, e, *held) }) {
		return false
	}
	for _, l := range lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
			continue
		}
		v, local := res.localVar(fn, l)
		if !local {
			return true
		}
		if !slices.Contains(*held, types.Object(v)) {
			*held, *grew = append(*held, v), true
		}
	}
	return false
}

func identsOf(names []*ast.Ident) []ast.Expr {
	es := make([]ast.Expr, len(names))
	for i, n := range names {
		es[i] = n
	}
	return es
}

// localVar returns the variable e names when it is declared in fn.
func (res *Result) localVar(fn *funcNode, e ast.Expr) (*types.Var, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := res.info.ObjectOf(id).(*types.Var)
	return v, ok && fn.node.Pos() <= v.Pos() && v.Pos() < fn.node.End()
}

// callKeeps reports whether call may keep one of held: a call of a func
// value or of a function of the package given any value made from one, or
// an interface method given an error (an implementation out of sight may
// keep it). A library's function, and a message argument (...any), only
// read it.
func (res *Result) callKeeps(call *ast.CallExpr, held []types.Object) bool {
	if !slices.ContainsFunc(call.Args, func(e ast.Expr) bool { return mentions(res.info, e, held) }) {
		return false
	}
	if _, ok := code.Underlying(res.info, call.Fun).(*types.Signature); !ok {
		return false // a conversion or a builtin (append, len): its result is followed where it goes
	}
	fn := code.Callee(res.info, call)
	switch {
	case fn == nil || fn.Pkg() == res.pkg:
		return true
	case fn.Type().(*types.Signature).Recv() != nil && types.IsInterface(fn.Type().(*types.Signature).Recv().Type()):
		return receives(res.info, call, held)
	}
	return false
}

// exitsOf reports whether every way out of the loop (a return, a panic, a
// break or goto that leaves it, a continue of an outer loop) is a stop's
// (stopExit) or follows an attempt that succeeded (successExit), and
// whether a stop's is among them: a loop nothing but success ends is no
// keep-alive of anybody's lifetime, it just never gives up.
func (res *Result) exitsOf(r *Region, loop *ast.ForStmt, errs []types.Object) (leaves, stops bool) {
	leaves = true
	code.WalkStack(loop.Body, func(n ast.Node, stack []ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || !leaves {
			return false
		}
		if leavesLoop(res.info, loop, n) {
			stop := res.stopExit(r, stack)
			stops = stops || stop
			leaves = stop || res.successExit(r, stack, errs)
		}
		return leaves
	})
	return leaves, stops
}

// leavesLoop reports whether n, inside loop, leaves it.
func leavesLoop(info *types.Info, loop *ast.ForStmt, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.CallExpr:
		return code.IsPanic(info, n)
	case *ast.BranchStmt:
		switch n.Tok {
		case token.GOTO:
			return true
		case token.BREAK:
			return n.Label != nil || endsLoop(info, loop, n)
		case token.CONTINUE:
			return n.Label != nil && !endsLoop(info, loop, &ast.BranchStmt{Tok: token.BREAK, Label: n.Label})
		}
	}
	return false
}

// stopExit reports whether the exit at the top of stack lies in a select
// case or an if branch that only a stop reaches.
func (res *Result) stopExit(r *Region, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch a := stack[i].(type) {
		case *ast.CommClause:
			if a.Comm != nil && (res.stopCaseOf(r) == a || res.everyOperandStops(r, a.Comm, token.ILLEGAL)) {
				return true
			}
		case *ast.IfStmt:
			if stack[i+1] == a.Body && res.everyOperandStops(r, a.Cond, token.LOR) {
				return true
			}
		}
	}
	return false
}

// everyOperandStops reports whether every operand of n's chain of op (n
// itself for token.ILLEGAL) reads a stop: a context others end
// (endedByOthers) asked for Done or Err, or the owner's stop of the
// region's bound.
func (res *Result) everyOperandStops(r *Region, n ast.Node, op token.Token) bool {
	parts := []ast.Node{n}
	if e, ok := n.(ast.Expr); ok && op != token.ILLEGAL {
		parts = nil
		for _, o := range code.Operands(e, op) {
			parts = append(parts, o)
		}
	}
	return !slices.ContainsFunc(parts, func(p ast.Node) bool { return !res.readsStop(r, p) })
}

func (res *Result) readsStop(r *Region, n ast.Node) bool {
	owner := r.Bound.Owner
	if owner != nil && n.Pos() <= owner.Pos() && owner.End() <= n.End() {
		return true
	}
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok && !found {
			if ctx := askedContext(res.info, call); ctx != nil && res.endedByOthers(r, ctx) {
				found = true
			}
		}
		return !found
	})
	return found
}

// endedByOthers reports whether a context may end and gets no deadline in
// the region's function: one the caller hands in or a field holds, not one
// made from Background or TODO here.
func (res *Result) endedByOthers(r *Region, ctx ast.Expr) bool {
	return contextState(res.info, res.funcs.find(r.Func), ctx, 0) == CtxCaller && !res.HasDeadline(ctx, nil)
}

// successExit reports whether the exit at the top of stack runs only once
// an attempt succeeded: in the body of if err == nil or the else of if err
// != nil, or after an if err != nil whose branch does not fall through, with
// no attempt between the test and the exit.
func (res *Result) successExit(r *Region, stack []ast.Node, errs []types.Object) bool {
	exit := stack[len(stack)-1]
	var test token.Pos // end of the latest test that the exit follows only on success
	for i := len(stack) - 2; i >= 0; i-- {
		switch a := stack[i].(type) {
		case *ast.IfStmt:
			if stack[i+1] == a.Body && res.testsErr(a.Cond, errs, token.EQL) || stack[i+1] == a.Else && res.testsErr(a.Cond, errs, token.NEQ) {
				test = max(test, a.Cond.End())
			}
		case *ast.BlockStmt:
			for _, s := range a.List {
				if s.End() > exit.Pos() {
					break
				}
				if ifs, ok := s.(*ast.IfStmt); ok && ifs.Else == nil && res.testsErr(ifs.Cond, errs, token.NEQ) && endsInJump(res.info, ifs.Body) {
					test = max(test, ifs.End())
				}
			}
		}
	}
	return test.IsValid() && !slices.ContainsFunc(r.Attempts, func(c *ast.CallExpr) bool { return test <= c.Pos() && c.Pos() < exit.Pos() })
}

// testsErr reports whether cond is err == nil (op token.EQL) or err != nil
// (token.NEQ) for one of errs.
func (res *Result) testsErr(cond ast.Expr, errs []types.Object, op token.Token) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	x, y := b.X, b.Y
	if code.IsNil(res.info, x) {
		x, y = y, x
	}
	return code.IsNil(res.info, y) && isOneOf(code.VarOf(res.info, x), errs)
}

// endsInJump reports whether a branch's last statement never falls through
// to what follows (jumps, fails_after.go).
func endsInJump(info *types.Info, b *ast.BlockStmt) bool {
	return len(b.List) > 0 && jumps(info, b.List[len(b.List)-1])
}
