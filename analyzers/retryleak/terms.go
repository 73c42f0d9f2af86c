package retryleak

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// failedResponse returns the response a branch on cond drops as failed, and
// the codes it is taken for when known. When the whole condition is not read
// as a failure test (a set lookup of unknown meaning beside it), one of its
// terms still is: a disjunct, or a conjunct of one, that is true for failures
// only takes the branch with a failed response whatever the other terms say.
func failedResponse(info *types.Info, cond ast.Expr) (ast.Expr, func(int64) bool) {
	if resp, has := retryscope.FailedCodes(info, cond); resp != nil {
		return resp, has
	}
	for _, d := range operands(cond, token.LOR) {
		for _, c := range operands(d, token.LAND) {
			if resp, _ := retryscope.FailedCodes(info, c); resp != nil {
				return resp, nil
			}
		}
	}
	return nil, nil
}

// operands splits e at every op of its top level.
func operands(e ast.Expr, op token.Token) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == op {
		return append(operands(b.X, op), operands(b.Y, op)...)
	}
	return []ast.Expr{e}
}
