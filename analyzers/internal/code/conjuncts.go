package code

import (
	"go/ast"
	"go/token"
)

// Conjuncts returns the operands of a chain of && (a && (b && c) gives a, b,
// c), each without parentheses; any other expression is its own only
// conjunct. Every conjunct must hold for the whole to hold, so a false one
// makes the whole false.
func Conjuncts(e ast.Expr) []ast.Expr {
	e = ast.Unparen(e)
	if bin, ok := e.(*ast.BinaryExpr); ok && bin.Op == token.LAND {
		return append(Conjuncts(bin.X), Conjuncts(bin.Y)...)
	}
	return []ast.Expr{e}
}
