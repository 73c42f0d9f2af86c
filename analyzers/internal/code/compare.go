package code

import (
	"go/ast"
	"go/token"
)

// Ordered returns the operands and operator of an ordering comparison turned
// so that the operator points the asked way: with greater, a > b or a >= b
// (b < a becomes a > b); otherwise a < b or a <= b. Other operators come back
// as written.
func Ordered(b *ast.BinaryExpr, greater bool) (x, y ast.Expr, op token.Token) {
	x, y, op = b.X, b.Y, b.Op
	turned := map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ}
	if t, ok := turned[op]; ok && (op == token.LSS || op == token.LEQ) == greater {
		return y, x, t
	}
	return x, y, op
}
