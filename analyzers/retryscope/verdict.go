package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A verdict wrapper is a function whose loop calls one of its func-typed
// parameters, a callback returning (bool, error), lets the bool decide, and
// waits before it goes round:
//
//	for { again, err := f(i); if !again { return err }; wait }
//
// The callback says itself whether to try again, so whether the loop retries
// failures at all, which failures, and how often, is decided in each caller's
// callback: the same loop serves polls (`return !ready, nil`) and retries
// (`return err != nil, err`). The wrapper's loop is judged at its calls
// (verdict_calls.go), as a forwarding wrapper's is; the wrapper itself is
// never reported, neither its operation nor its wait: its wait is a retry's
// wait only at the calls whose callback tries again on an error, and the
// wrapper's own code cannot tell.

// verdictWrapper returns the wrapper fact of a function whose loop l is a
// verdict loop, or nil.
func (f *flow) verdictWrapper(l *loop) *RetryWrapper {
	if f.fn.parent != nil || f.fn.obj == nil {
		return nil
	}
	body, ok := loopBody(l.stmt).(*ast.BlockStmt)
	if !ok {
		return nil
	}
	params := f.fn.params(f.info)
	for i, s := range body.List {
		param, verdict, failure := f.verdictCall(s, params)
		if verdict == nil {
			continue
		}
		// Asked last, for it walks the loop: without a wait between the calls
		// the loop is a driver of steps or pages
		// (`for { more, err := step(); if !more { return err } }`).
		if len(f.waits(l)) == 0 {
			return nil
		}
		for j, next := range body.List[i+1:] {
			again, ok := f.verdictTest(next, verdict)
			if !ok {
				continue
			}
			if code.MayLeave(f.info, body.List[i+1:i+1+j]...) || leavesAfter(body.List, next) || f.leavesOnError(body.List[i+2+j:], failure) {
				return nil
			}
			w := &RetryWrapper{Param: param, Forwards: true, Verdict: true, AgainWhen: again}
			region := &Region{Kind: LoopRegion, Func: f.fn.node, Bound: f.bound(l)}
			region.Bound.DeadlineLocal = f.res.localDeadline(region)
			w.Unbounded, w.CtxParam, w.StopParam = f.res.callerBound(region)
			w.SleepParam = f.sleepParam(l)
			return w
		}
	}
	return nil
}

// verdictCall recognises `v, err := p(...)` (or =) where p is a func-typed
// parameter returning (bool, error): the parameter's index, v and err (nil
// when discarded).
func (f *flow) verdictCall(s ast.Stmt, params []*types.Var) (int, types.Object, types.Object) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return -1, nil, nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return -1, nil, nil
	}
	i := paramIndex(f.info, call.Fun, params)
	if i < 0 || !isVerdictSignature(params[i].Type()) {
		return -1, nil, nil
	}
	v := code.Root(f.info, as.Lhs[0], 0)
	if v == nil {
		return -1, nil, nil
	}
	return i, v, code.Root(f.info, as.Lhs[1], 0)
}

// leavesOnError reports whether a statement after the verdict test may leave
// the loop and reads the callback's error: `if err != nil { return err }`
// there ends the loop on a failure the verdict said to try again.
func (f *flow) leavesOnError(stmts []ast.Stmt, failure types.Object) bool {
	for _, s := range stmts {
		if failure != nil && code.MayLeave(f.info, s) && mentions(f.info, s, []types.Object{failure}) {
			return true
		}
	}
	return false
}

// isVerdictSignature reports whether t is a func returning (bool, error).
func isVerdictSignature(t types.Type) bool {
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != 2 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool && isErrorType(sig.Results().At(1).Type())
}

// verdictTest recognises `if v { leave }` or `if !v { leave }` (no else),
// where leave is a return or an unlabeled break; it returns the value of v
// that goes round again.
func (f *flow) verdictTest(s ast.Stmt, v types.Object) (again, ok bool) {
	ifs, isIf := s.(*ast.IfStmt)
	if !isIf || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 || !leaves(ifs.Body.List[len(ifs.Body.List)-1]) {
		return false, false
	}
	cond := ast.Unparen(ifs.Cond)
	negated := false
	if u, isNot := cond.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		cond, negated = ast.Unparen(u.X), true
	}
	id, isID := cond.(*ast.Ident)
	if !isID || f.info.Uses[id] != v {
		return false, false
	}
	return negated, true
}

// leaves reports whether a statement leaves the loop it stands in directly.
func leaves(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK && s.Label == nil
	}
	return false
}

// leavesAfter reports whether a statement after s in the list leaves the loop
// unconditionally: then the loop does not go round on the verdict.
func leavesAfter(list []ast.Stmt, s ast.Stmt) bool {
	after := false
	for _, t := range list {
		if after && leaves(t) {
			return true
		}
		after = after || t == s
	}
	return false
}
