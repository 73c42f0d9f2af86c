package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry predicate's answer may be kept before it is tested (`retry, delay :=
// shouldRetry(resp, err, n); if !retry { break }`, the predicate also giving
// the wait): the variable then stands for the call, as long as the call is
// its only assignment and it is the call's first result (the bool a
// predicate answers with). Testing it then classifies as the call would.

// heldPredicate is predicateTest for a local variable that holds a retry
// predicate's answer.
func heldPredicate(info *types.Info, id *ast.Ident) (tested []ast.Expr, failWhenTrue, ok bool) {
	call := heldCall(info, id)
	if call == nil {
		return nil, false, false
	}
	return retryPredicate(info, call)
}

// heldCall returns the call whose first result the local variable id names
// holds, when that is the variable's only assignment; else nil.
func heldCall(info *types.Info, id *ast.Ident) *ast.CallExpr {
	v, _ := info.Uses[id].(*types.Var)
	if call, index := code.FilledBy(info, v); index == 0 || answersLater(info, v, call, index) {
		return call
	}
	return nil
}

// classifyingHeld reports whether id holds the answer of a retry predicate
// over the attempt's results that classifies (classifyingCall).
func (k classifier) classifyingHeld(id *ast.Ident) bool {
	call := heldCall(k.info, id)
	if call == nil {
		return false
	}
	_, _, isPredicate := retryPredicate(k.info, call)
	return isPredicate && k.classifyingCall(call)
}

// RetryPredicateCall returns the call of a retry predicate over the attempt's
// results (a bool answer, a name about retrying, a response among what it is
// given) that e is, or whose answer the local variable e holds; else nil.
func RetryPredicateCall(info *types.Info, e ast.Expr) *ast.CallExpr {
	var call *ast.CallExpr
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		call = e
	case *ast.Ident:
		call = heldCall(info, e)
	}
	if call == nil {
		return nil
	}
	if _, _, isPredicate := retryPredicate(info, call); !isPredicate {
		return nil
	}
	return call
}
