package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A callback may be made by a call (wait.ExponentialBackoff(b,
// sweep(force))): a function of the package, declared or held by a local
// variable, whose every return gives the same function literal. The helper
// runs that literal round after round, so the engine reads its body as the
// callback's, as it reads a literal handed over directly; left unread, the
// callback would be out of reach and judged by its helper alone. A maker
// that returns another value on some return (another literal, a parameter,
// a field, a call) stays out of reach.

// made returns the literal a call of such a maker gives, or nil.
func (ix *funcIndex) made(info *types.Info, call *ast.CallExpr) *funcNode {
	maker := ix.of(info, call.Fun)
	if maker == nil || maker.body == nil || maker.typ == nil || maker.typ.Results.NumFields() != 1 {
		return nil
	}
	var one oneLiteral
	if !everyReturn(info, maker.body, one.is) {
		return nil
	}
	return ix.byLit[one.lit]
}

// oneLiteral accepts expressions while they are all the same function
// literal, which it keeps: the test a maker's returns must pass.
type oneLiteral struct{ lit *ast.FuncLit }

func (o *oneLiteral) is(e ast.Expr) bool {
	l, isLit := ast.Unparen(e).(*ast.FuncLit)
	if !isLit || o.lit != nil && l != o.lit {
		return false
	}
	o.lit = l
	return true
}

// everyReturn reports whether body, of a function with one result, has a
// return and every return of its own (a nested literal's are that literal's)
// gives a value ok accepts.
func everyReturn(info *types.Info, body *ast.BlockStmt, ok func(ast.Expr) bool) bool {
	returns, all := 0, true
	code.TreeOf(info).Inspect(body, []ast.Node{(*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)},
		func(n ast.Node) bool {
			ret, isRet := n.(*ast.ReturnStmt)
			if !isRet {
				return false
			}
			returns++
			all = all && len(ret.Results) == 1 && ok(ret.Results[0])
			return all
		})
	return all && returns > 0
}
