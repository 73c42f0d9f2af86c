package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A poll condition — a callback that answers (done bool, err error) to a
// helper that stops on the error it returns (wait.ExponentialBackoff) — that
// holds no error a call returns — every call in it
// either has no error result, drops it (a statement of its own, `_` in its
// place, defer, go) or makes one (errors.New, fmt.Errorf) — goes round on a
// state it reads (a connection's state compared with Ready, a status field, a
// bool), not on a failure: it retries no error, and there is nothing to
// classify. One call whose error is assigned, tested (but for a log:
// poll_logged.go) or returned makes the condition retry that error,
// whatever it returns for it. A callback that
// answers with an error alone fails by that error, whatever made it.

// RetriesNoError reports whether r is such a callback.
func (res *Result) RetriesNoError(r *Region) bool {
	body, ok := r.Body.(*ast.BlockStmt)
	if r.Helper == nil || !ok || body == nil || !res.pollCondition(r.Helper) {
		return false
	}
	dropped := droppedCalls(body)
	addLoggedCalls(res.info, body, dropped) // poll_logged.go
	held := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || held {
			return !held
		}
		if _, isErr := code.ErrorResult(res.info, call); isErr && !dropped[call] && !newError(res.info, call) {
			held = true
		}
		return true
	})
	return !held
}

// pollCondition reports whether h's callback answers (bool, error) to a
// helper that stops on the error.
func (res *Result) pollCondition(h *HelperCall) bool {
	lib := h.library()
	if lib == nil || !lib.stopsOnError {
		return false
	}
	sig, ok := res.info.TypeOf(h.Callback).(*types.Signature)
	if !ok || sig.Results().Len() != 2 {
		return false
	}
	done, isBool := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return isBool && done.Kind() == types.Bool && code.IsError(sig.Results().At(1).Type())
}

// droppedCalls returns the calls in body whose error result nobody reads.
func droppedCalls(body *ast.BlockStmt) map[*ast.CallExpr]bool {
	out := map[*ast.CallExpr]bool{}
	drop := func(e ast.Expr) {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			out[call] = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ExprStmt:
			drop(s.X)
		case *ast.DeferStmt:
			drop(s.Call)
		case *ast.GoStmt:
			drop(s.Call)
		case *ast.AssignStmt:
			if len(s.Rhs) == 1 && blanks(s.Lhs[len(s.Lhs)-1:]) {
				drop(s.Rhs[0])
			}
		}
		return true
	})
	return out
}
