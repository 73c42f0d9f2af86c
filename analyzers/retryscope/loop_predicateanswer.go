package retryscope

import (
	"go/ast"
	"go/types"
)

// A retry predicate may give its answer among other results: `reason, retry,
// wait := shouldRetry(resp, err)` answers with its one bool, beside a reason
// for the log and the wait. That bool is the answer when the variable that
// holds it, or the predicate's own name for that result, says it is about
// retrying; a bool beside a value means "found" as often (`d, ok :=
// parseRetryAfter(resp)`), and is no answer.

// answersLater reports whether v, filled with result index of call, holds
// the answer of a predicate whose answer is not its first result.
func answersLater(info *types.Info, v *types.Var, call *ast.CallExpr, index int) bool {
	if index <= 0 || soleBoolResult(info, call) != index {
		return false
	}
	if sayRetry(v.Name()) {
		return true
	}
	sig, ok := calledSignature(info, call)
	return ok && sayRetry(sig.Results().At(index).Name())
}

// answersBool reports whether a call can answer a predicate's question: its
// first result is a bool, or it has exactly one bool result.
func answersBool(info *types.Info, call *ast.CallExpr) bool {
	return returnsBool(info, call) || soleBoolResult(info, call) >= 0
}

// soleBoolResult returns the index of a call's only bool result, or -1.
func soleBoolResult(info *types.Info, call *ast.CallExpr) int {
	tup, ok := info.TypeOf(call).(*types.Tuple)
	if !ok {
		return -1
	}
	found := -1
	for i := 0; i < tup.Len(); i++ {
		if b, isBasic := tup.At(i).Type().Underlying().(*types.Basic); isBasic && b.Kind() == types.Bool {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// calledSignature returns the signature of the function call calls.
func calledSignature(info *types.Info, call *ast.CallExpr) (*types.Signature, bool) {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return nil, false
	}
	sig, ok := t.Underlying().(*types.Signature)
	return sig, ok
}
