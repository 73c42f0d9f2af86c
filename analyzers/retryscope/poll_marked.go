package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry callback that checks the error of every call it makes and, when the
// call failed, returns it marked as final (if err != nil { return
// backoff.Permanent(err) }) never retries a failure: whatever goes round is a
// "not yet" the callback made itself from a call that succeeded (the record is
// not in the zone yet). The helper is then a condition poll, and its constant
// pace is a poll's pace, not a retry's.

// PollsCondition reports whether a callback region marks every failure of
// its calls final where the call is made, right after it.
func (res *Result) PollsCondition(r *Region) bool {
	if r == nil || r.Kind != CallbackRegion || r.Helper == nil || res.info == nil || res.Knowledge == nil {
		return false
	}
	body, ok := r.Body.(*ast.BlockStmt)
	if !ok || body == nil {
		return false
	}
	marker := ""
	if lib := r.Helper.library(); lib != nil {
		marker = lib.retryMarker
	}
	isFinal := func(fn *types.Func) bool { return fn.FullName() != marker && res.Knowledge.IsClassifier(fn) }
	marked := markedAttempts(res.info, body, isFinal)
	polled := false
	for _, call := range r.Attempts {
		if wrapsError(res.info, call) {
			continue
		}
		if !marked[call] {
			return false
		}
		polled = true
	}
	return polled
}

// markedAttempts returns the calls of body whose error the next statement
// tests against nil and, when set, returns marked final.
func markedAttempts(info *types.Info, body *ast.BlockStmt, isFinal func(*types.Func) bool) map[*ast.CallExpr]bool {
	out := map[*ast.CallExpr]bool{}
	walkBody(info, body, []ast.Node{(*ast.BlockStmt)(nil)}, func(n ast.Node) bool {
		list := n.(*ast.BlockStmt).List
		for i, s := range list {
			if ifs, ok := s.(*ast.IfStmt); ok && ifs.Init != nil {
				markAttempt(info, ifs.Init, ifs, isFinal, out)
			}
			if i+1 < len(list) {
				if ifs, ok := list[i+1].(*ast.IfStmt); ok && ifs.Init == nil {
					markAttempt(info, s, ifs, isFinal, out)
				}
			}
		}
		return true
	})
	return out
}

// markAttempt marks the call assigned by s (x, err := call()) when ifs tests
// err != nil and its branch ends in a return of a final mark.
func markAttempt(info *types.Info, s ast.Stmt, ifs *ast.IfStmt, isFinal func(*types.Func) bool, out map[*ast.CallExpr]bool) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	errVar := code.VarOf(info, as.Lhs[len(as.Lhs)-1])
	if errVar == nil || !code.IsError(errVar.Type()) || !testsNotNil(info, ifs.Cond, errVar) {
		return
	}
	list := ifs.Body.List
	if len(list) == 0 {
		return
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return
	}
	mark, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
	if !ok {
		return
	}
	if fn := code.Callee(info, mark); fn != nil && isFinal(fn) && returnsError(info, mark) {
		out[call] = true
	}
}

// testsNotNil reports whether cond is v != nil.
func testsNotNil(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	return code.VarOf(info, b.X) == v && code.IsNil(info, b.Y) || code.VarOf(info, b.Y) == v && code.IsNil(info, b.X)
}
