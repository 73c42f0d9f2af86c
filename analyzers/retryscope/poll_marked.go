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
// pace is a poll's pace, not a retry's. For a helper that any returned error
// stops (wait.ExponentialBackoff's condition, go-retry without its retry
// mark), returning the call's error itself is that final mark (decided on set
// H1).

// PollsCondition reports whether a callback region marks every failure of
// its calls final where the call is made, right after it, or marks for retry
// only an error it found absent (marksOnlyAbsence).
func (res *Result) PollsCondition(r *Region) bool {
	if r == nil || r.Kind != CallbackRegion || r.Helper == nil || res.info == nil || res.Knowledge == nil {
		return false
	}
	body, ok := r.Body.(*ast.BlockStmt)
	if !ok || body == nil {
		return false
	}
	if res.marksOnlyAbsence(r, body) {
		return true // poll_markedabsence.go
	}
	marked := markedAttempts(res.info, body, res.finalReturn(r, true))
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
func markedAttempts(info *types.Info, body *ast.BlockStmt, isFinal finalReturn) map[*ast.CallExpr]bool {
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
func markAttempt(info *types.Info, s ast.Stmt, ifs *ast.IfStmt, isFinal finalReturn, out map[*ast.CallExpr]bool) {
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
	if returnsFinal(ifs.Body, errVar, isFinal) {
		out[call] = true
	}
}

// returnsFinal reports whether a branch ends in a return of a final mark
// (return backoff.Permanent(err)); tested is the error the branch found
// non-nil, if any.
func returnsFinal(branch *ast.BlockStmt, tested *types.Var, isFinal finalReturn) bool {
	list := branch.List
	if len(list) == 0 {
		return false
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	return isFinal(ret.Results[len(ret.Results)-1], tested)
}

// finalReturn decides whether a returned error ends the retrying; tested is
// the error a branch found non-nil, or nil.
type finalReturn func(returned ast.Expr, tested *types.Var) bool

// testsNotNil reports whether cond is v != nil.
func testsNotNil(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	return code.VarOf(info, b.X) == v && code.IsNil(info, b.Y) || code.VarOf(info, b.Y) == v && code.IsNil(info, b.X)
}

// finalReturn returns what marks an error final for a region's helper: a
// classifier of the knowledge base that is not the helper's mark for "retry
// this one" (go-retry's RetryableError). With plainStops, the tested error returned as it is is final too for a
// helper that any returned error stops.
func (res *Result) finalReturn(r *Region, plainStops bool) finalReturn {
	marker := ""
	lib := r.Helper.library()
	if lib != nil {
		marker = lib.retryMarker
	}
	plainStops = plainStops && lib != nil && lib.stopsOnError
	return func(returned ast.Expr, tested *types.Var) bool {
		if plainStops && (tested != nil && code.VarOf(res.info, returned) == tested || newError(res.info, returned)) {
			return true
		}
		mark, ok := ast.Unparen(returned).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := code.Callee(res.info, mark)
		return fn != nil && fn.FullName() != marker && res.Knowledge.IsClassifier(fn) && returnsError(res.info, mark)
	}
}

// SendFailsFinal reports whether a callback region never repeats an HTTP
// request whose outcome is unknown: in body (the callback's, or the function
// of the package it calls that sends), the error of send is returned marked
// final right after it, and so is every answer a status check after it finds
// outside 2xx (if resp.StatusCode != http.StatusOK { return
// backoff.Permanent(...) }). What goes round is then an answer that the server
// gave with a success status, a refusal, not a request that timed out.
func (res *Result) SendFailsFinal(r *Region, body *ast.BlockStmt, send *ast.CallExpr) bool {
	if r == nil || r.Kind != CallbackRegion || r.Helper == nil || res.info == nil || res.Knowledge == nil || body == nil {
		return false
	}
	isFinal := res.finalReturn(r, false)
	if !markedAttempts(res.info, body, isFinal)[send] {
		return false
	}
	resp := responseOf(res.info, body, send)
	refused := false
	walkBody(res.info, body, []ast.Node{(*ast.IfStmt)(nil)}, func(n ast.Node) bool {
		ifs := n.(*ast.IfStmt)
		if resp != nil && ifs.Pos() > send.Pos() && failureStatusTest(res.info, ifs.Cond, resp) && returnsFinal(ifs.Body, nil, isFinal) {
			refused = true
		}
		return !refused
	})
	return refused
}

// responseOf returns the variable the first result of send is assigned to.
func responseOf(info *types.Info, body *ast.BlockStmt, send *ast.CallExpr) *types.Var {
	var out *types.Var
	walkBody(info, body, assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == send && len(as.Lhs) > 1 {
			out = code.VarOf(info, as.Lhs[0])
		}
		return out == nil
	})
	return out
}

// failureStatusTest reports whether cond compares resp.StatusCode with a
// constant so that it is true for every status from 300 to 599 and false for
// 200.
func failureStatusTest(info *types.Info, cond ast.Expr, resp *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	isResp := func(e ast.Expr) bool { x := statusCodeOf(info, e); return x != nil && code.VarOf(info, x) == resp }
	op, other := b.Op, b.Y
	if !isResp(b.X) {
		if !isResp(b.Y) {
			return false
		}
		op, other = mirror(op), b.X
	}
	k, ok := code.Int(info, other)
	if !ok || compare(200, op, k) {
		return false
	}
	for c := int64(300); c < 600; c++ {
		if !compare(c, op, k) {
			return false
		}
	}
	return true
}
