package code

import (
	"go/ast"
	"go/types"
)

// MayLeave reports whether the statements may leave the list they are in
// early: a return, a branch (break, continue, goto) or a call of the panic
// builtin, outside function literals.
func MayLeave(info *types.Info, stmts ...ast.Stmt) bool {
	found := false
	for _, s := range stmts {
		Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt, *ast.BranchStmt:
				found = true
			case *ast.CallExpr:
				found = found || IsPanic(info, n)
			}
			return !found
		})
	}
	return found
}

// IsPanic reports whether call calls the panic builtin.
func IsPanic(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "panic" {
		return false
	}
	_, builtin := info.Uses[id].(*types.Builtin)
	return builtin
}
