package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// stepsVar reports whether the function's body steps a variable by a
// constant: v--, v++, v -= 1, v += 1, v = v - 1. A recursion that steps its
// count parameter and passes it on passes it changed, like f(n-1).
func (f *flow) stepsVar(v types.Object) bool {
	found := false
	code.Inspect(f.fn.body, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		switch n := n.(type) {
		case *ast.IncDecStmt:
			found = f.isVar(n.X, v)
		case *ast.AssignStmt:
			found = len(n.Lhs) == 1 && len(n.Rhs) == 1 && f.isVar(n.Lhs[0], v) && f.stepOf(n.Tok, n.Rhs[0], v)
		}
		return !found
	})
	return found
}

func (f *flow) isVar(e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && f.info.ObjectOf(id) == v
}

// stepOf reports whether an assignment's right side, for its operator, adds
// a constant to v or takes one from it.
func (f *flow) stepOf(tok token.Token, rhs ast.Expr, v types.Object) bool {
	isConst := func(e ast.Expr) bool { tv, ok := f.info.Types[e]; return ok && tv.Value != nil }
	switch tok {
	case token.ADD_ASSIGN, token.SUB_ASSIGN:
		return isConst(rhs)
	case token.ASSIGN:
		b, ok := ast.Unparen(rhs).(*ast.BinaryExpr)
		return ok && (b.Op == token.ADD || b.Op == token.SUB) && f.isVar(b.X, v) && isConst(b.Y)
	}
	return false
}
