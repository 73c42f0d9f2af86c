package retryscope

import (
	"go/ast"
	"go/token"
)

// receivedChan returns the channel a statement receives from (<-ch, v := <-ch,
// v, ok = <-ch), or nil; kept says whether it keeps what it receives, a name
// that is not blank: a receive that keeps the value takes data, where a stop
// signal's receive drops it.
func receivedChan(s ast.Stmt) (ch ast.Expr, kept bool) {
	var x ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		x = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 {
			return nil, false
		}
		x, kept = s.Rhs[0], !blanks(s.Lhs)
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil, false
	}
	return u.X, kept
}
