package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop can go round because a predicate of the attempt's results says so
// (`if !shouldRetry(req, res) || n >= max { break }`, `if !retryable(resp)
// { return resp }`): the predicate is the failure test, and it classifies.
//
// A predicate over a response, unlike one over an error, may as well ask
// whether the work is done (ready(resp), isOK(resp)): only a name about
// retrying (sayRetry) says that true means "go round". Whether the loop
// really goes round on true and leaves on false is then the flow's to prove
// (loopRegion), so `if !wanted(it) { continue }` or a poll that goes round on
// both answers stays out.
//
// The predicate is recognised where no other outcome test is: on its own, or
// joined with conditions that test no outcome (the attempt counter), which a
// joined error test would otherwise have to agree with (logicalTest).

// predicateTest returns the local variables a retry predicate in cond is
// given, and whether cond being true means failure.
func predicateTest(info *types.Info, cond ast.Expr) (tested []ast.Expr, failWhenTrue, ok bool) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			t, f, ok := predicateTest(info, c.X)
			return t, !f, ok
		}
	case *ast.CallExpr:
		return retryPredicate(info, c)
	case *ast.Ident:
		return heldPredicate(info, c)
	case *ast.BinaryExpr:
		if c.Op == token.LAND || c.Op == token.LOR {
			return joinedPredicate(info, c)
		}
	}
	return nil, false, false
}

// joinedPredicate handles a retry predicate joined by && or || with
// conditions that test no outcome: `!shouldRetry(res) || n >= max` leaves on
// success or when the attempts run out. As in logicalTest, a join whose other
// operands decide when the success side is taken is a poll, not a retry.
func joinedPredicate(info *types.Info, bin *ast.BinaryExpr) ([]ast.Expr, bool, bool) {
	var tested []ast.Expr
	var fail, seen bool
	for _, operand := range []ast.Expr{bin.X, bin.Y} {
		if _, _, _, isOutcome := outcome(info, operand, nil); isOutcome {
			return nil, false, false
		}
		t, f, ok := predicateTest(info, operand)
		if !ok {
			continue
		}
		if seen {
			return nil, false, false
		}
		tested, fail, seen = t, f, true
	}
	if !seen || (bin.Op == token.LAND && !fail) || (bin.Op == token.LOR && fail) {
		return nil, false, false
	}
	return tested, fail, true
}

// retryPredicate recognises a call that answers whether to retry, given some
// local variables that are not errors (a response), as arguments or as the
// receiver of a method: true means failure.
func retryPredicate(info *types.Info, call *ast.CallExpr) ([]ast.Expr, bool, bool) {
	if !answersBool(info, call) || !sayRetry(calleeName(call)) {
		return nil, false, false
	}
	if tv, found := info.Types[call.Fun]; found && tv.IsType() {
		return nil, false, false
	}
	var tested []ast.Expr
	response := false
	for _, a := range givenTo(info, call) {
		id, isIdent := ast.Unparen(a).(*ast.Ident)
		if !isIdent {
			continue
		}
		if v, isVar := info.Uses[id].(*types.Var); !isVar || isSentinel(info, id) || v.IsField() {
			continue
		}
		tested = append(tested, id)
		response = response || !isErrorType(info.TypeOf(id))
	}
	if !response {
		return nil, false, false // over errors alone: kindTest
	}
	return tested, true, true
}

// givenTo returns the arguments of a call, and the receiver of a method
// (res.Retryable()).
func givenTo(info *types.Info, call *ast.CallExpr) []ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			return append([]ast.Expr{sel.X}, call.Args...)
		}
	}
	return call.Args
}

// calleeName is the name a call is made by: f(x), x.f(), pkg.f().
func calleeName(call *ast.CallExpr) string {
	if id := code.NameIdent(call.Fun); id != nil {
		return id.Name
	}
	return ""
}

// sayRetry reports whether a predicate's name says that true means "try
// again": shouldRetry, retryable, isTransient, isTemporary.
func sayRetry(name string) bool { return code.NameSays(name, "retr", "transient", "temporary") }
