package code

import (
	"go/ast"
	"go/token"
)

// Operands returns the operands of a chain of one logical operator (op is
// token.LAND or token.LOR: a && (b && c) gives a, b, c), each without
// parentheses; any other expression is its own only operand.
func Operands(e ast.Expr, op token.Token) []ast.Expr {
	e = ast.Unparen(e)
	if bin, ok := e.(*ast.BinaryExpr); ok && bin.Op == op {
		return append(Operands(bin.X, op), Operands(bin.Y, op)...)
	}
	return []ast.Expr{e}
}

// Conjuncts returns the operands of a chain of &&. Every conjunct must hold
// for the whole to hold, so a false one makes the whole false.
func Conjuncts(e ast.Expr) []ast.Expr {
	return Operands(e, token.LAND)
}
