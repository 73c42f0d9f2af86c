package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A callback that ends the retry with nil after it recorded the failure.
//
// A callback whose attempt answers with a value that carries both the error
// and what to do about it (res := load(); failed = res.err; if
// !res.retriable { return nil }; return res.err) copies the error to a
// variable of its enclosing function and, on the way the answer's own flag
// says the failure cannot pass, returns nil: the helper stops, and the error
// leaves through the variable. The flag tells errors apart as a classifier
// would. An error only returned, or a nil return on a test of something
// other than the answer that carried the error, stays unclassified.

// recordedStop returns the condition of such a nil return in the callback
// whose body is body, or nil.
func (res *Result) recordedStop(body *ast.BlockStmt) ast.Node {
	cb := res.funcs.enclosing(body.Pos())
	if cb == nil {
		return nil
	}
	answers := res.recordedAnswers(cb)
	if len(answers) == 0 {
		return nil
	}
	var found ast.Node
	code.Inspect(body, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit || found != nil {
			return false
		}
		if s, ok := n.(*ast.IfStmt); ok && endsWithNilReturn(res.info, s.Body) && readsFlagOf(res.info, s.Cond, answers) {
			found = s.Cond
		}
		return true
	})
	return found
}

// recordedAnswers returns the variables of callback cb, of a type other than
// error, whose error (the variable itself or one of its fields) cb assigns to
// a variable declared outside it.
func (res *Result) recordedAnswers(cb *funcNode) []types.Object {
	var out []types.Object
	for _, d := range code.DefsIn(res.info, cb.body.Pos(), cb.body.End()) {
		if d.Func != cb.node || d.Var == nil || !isErrorType(d.Var.Type()) || declaredIn(cb.node, d.Var) {
			continue
		}
		if v := answerOf(res.info, d.Value); v != nil && declaredIn(cb.node, v) && !isErrorType(v.Type()) {
			out = appendNew[types.Object](out, v)
		}
	}
	return out
}

// answerOf returns the variable x of a value x.f, or nil.
func answerOf(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return code.VarOf(info, sel.X)
}

func declaredIn(n ast.Node, v types.Object) bool { return n.Pos() <= v.Pos() && v.Pos() < n.End() }

// readsFlagOf reports whether cond reads a field, not an error, of one of
// answers.
func readsFlagOf(info *types.Info, cond ast.Expr, answers []types.Object) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || found {
			return !found
		}
		if mentions(info, sel.X, answers) && !isErrorType(info.TypeOf(sel)) {
			found = true
		}
		return !found
	})
	return found
}

// endsWithNilReturn reports whether a block's last statement returns a nil
// error.
func endsWithNilReturn(info *types.Info, b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	ret, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok && len(ret.Results) > 0 && code.IsNil(info, ret.Results[len(ret.Results)-1])
}
