package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A callback of a helper that any plain error stops (go-retry) retries only
// what it marks for retry. When every mark sits on the absent side of a test
// for absence of an error the callback holds (if store.IsNotFound(err) {
// return retry.RetryableError(errors.New("not created yet")) }; return err),
// every other failure stops the helper and what goes round is "not there
// yet": a condition poll, whatever error the mark wraps. Decided on R2 (a
// record looked up until another component creates it). A mark with no such
// test, or one on the present side, is a retry.

// marksOnlyAbsence reports whether r's callback body returns its helper's
// retry mark only past a test for absence of one of its errors.
func (res *Result) marksOnlyAbsence(r *Region, body *ast.BlockStmt) bool {
	lib := r.Helper.library()
	if lib == nil || !lib.stopsOnError || lib.retryMarker == "" {
		return false
	}
	errs := errorVarsIn(res.info, body)
	marks, guarded := 0, true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && res.isRetryMark(call, lib.retryMarker) {
			marks++
			guarded = guarded && res.returnedPastAbsence(stack, call, errs)
		}
		stack = append(stack, n)
		return true
	})
	return marks > 0 && guarded
}

func (res *Result) isRetryMark(call *ast.CallExpr, marker string) bool {
	fn := code.Callee(res.info, call)
	return fn != nil && fn.FullName() == marker
}

// returnedPastAbsence reports whether the mark call, whose ancestors are
// stack, is the error a return statement gives back on the absent side of a
// test for absence of one of errs: inside if absent { ... }, in the else of
// if !absent { ... }, or after if !absent { ...; return } in the same block.
func (res *Result) returnedPastAbsence(stack []ast.Node, mark *ast.CallExpr, errs []types.Object) bool {
	if len(stack) == 0 {
		return false
	}
	ret, ok := stack[len(stack)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 || ast.Unparen(ret.Results[len(ret.Results)-1]) != mark {
		return false
	}
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if absent, ok := res.absenceSide(n.Cond, errs); ok && (child == n.Body && absent || child == n.Else && !absent) {
				return true
			}
		case *ast.BlockStmt:
			if res.leftUnlessAbsent(n.List, child, errs) {
				return true
			}
		}
	}
	return false
}

// absenceSide reports, for a condition that tests one of errs for absence
// alone (no && or ||), whether its true side is the absent one.
func (res *Result) absenceSide(cond ast.Expr, errs []types.Object) (absent, ok bool) {
	if joins(cond) || !testsAbsence(res.info, cond) || !mentions(res.info, cond, errs) {
		return false, false
	}
	return !negated(cond), true
}

// leftUnlessAbsent reports whether a statement of list before child is
// if !absent { ...; return ... }: past it, only the absent error remains.
func (res *Result) leftUnlessAbsent(list []ast.Stmt, child ast.Node, errs []types.Object) bool {
	at := slices.IndexFunc(list, func(s ast.Stmt) bool { return s == child })
	for _, s := range list[:max(at, 0)] {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 {
			continue
		}
		_, returns := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
		if absent, ok := res.absenceSide(ifs.Cond, errs); ok && !absent && returns {
			return true
		}
	}
	return false
}
