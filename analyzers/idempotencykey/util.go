package idempotencykey

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// firstElem returns v of []string{v}, or the expression itself.
func firstElem(e ast.Expr) ast.Expr {
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok && len(lit.Elts) > 0 {
		return lit.Elts[0]
	}
	return e
}
func isHeaderType(t types.Type) bool {
	return code.IsNamed(t, "net/http", "Header")
}
