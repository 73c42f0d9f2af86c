package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A callback that goes round on one answer, not on errors.
//
// A callback whose every non-nil return is an error it makes itself
// (errors.New, fmt.Errorf of no error) when an answer of its attempt equals
// one value (code, err := do(); if err != nil { panic(err) }; if code ==
// statusUpstreamDown { return errUpstreamDown }; return nil) hands the
// helper no error of its attempts: it retries that one answer and ends on
// every other. A made error returned on a test of the attempt's error, on an
// answer that differs from a value (code != 200), or an attempt's error
// returned anywhere, retries errors.

// answerClass returns the condition of the first made-error return of such
// a callback body, or nil.
func (res *Result) answerClass(body *ast.BlockStmt, attempts []*ast.CallExpr) ast.Node {
	answers := attemptAnswers(res.info, body, attempts)
	if len(answers) == 0 {
		return nil
	}
	var first ast.Node
	ok := true
	code.ReturnsAfterIfs(body, func(ret *ast.ReturnStmt, ifs []*ast.IfStmt) bool {
		if len(ret.Results) == 0 || code.IsNil(res.info, ret.Results[len(ret.Results)-1]) {
			return true
		}
		cond := innermostCond(ifs, ret)
		if cond == nil || !madeError(res.info, ret.Results[len(ret.Results)-1]) || !equalsConstant(res.info, cond, answers) {
			ok = false
		} else if first == nil {
			first = cond
		}
		return ok
	})
	if !ok {
		return nil
	}
	return first
}

// attemptAnswers returns the variables of body, not errors, assigned from
// one of attempts.
func attemptAnswers(info *types.Info, body *ast.BlockStmt, attempts []*ast.CallExpr) []types.Object {
	var out []types.Object
	for _, d := range code.DefsIn(info, body.Pos(), body.End()) {
		call, ok := ast.Unparen(d.Value).(*ast.CallExpr)
		if ok && d.Var != nil && d.ByName() && !isErrorType(d.Var.Type()) && slices.Contains(attempts, call) {
			out = appendNew(out, d.Var)
		}
	}
	return out
}

// innermostCond returns the condition of the last if statement of ifs whose
// body holds n, or nil.
func innermostCond(ifs []*ast.IfStmt, n ast.Node) ast.Expr {
	for i := len(ifs) - 1; i >= 0; i-- {
		if b := ifs[i].Body; b.Pos() <= n.Pos() && n.End() <= b.End() {
			return ifs[i].Cond
		}
	}
	return nil
}

// madeError reports whether e is errors.New or fmt.Errorf of arguments
// that hold no error.
func madeError(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && !mentionsError(info, call) && newError(info, call)
}

// equalsConstant reports whether cond is an answer == a constant.
func equalsConstant(info *types.Info, cond ast.Expr, answers []types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	isConst := func(e ast.Expr) bool { tv, ok := info.Types[e]; return ok && tv.Value != nil }
	isAnswer := func(e ast.Expr) bool {
		v := code.VarOf(info, e)
		return v != nil && slices.Contains(answers, types.Object(v))
	}
	return (isAnswer(b.X) && isConst(b.Y)) || (isAnswer(b.Y) && isConst(b.X))
}
