package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// isZero reports whether e is 0 whenever it runs: the constant 0, or a field
// or package variable the package never gives another value
// (code.AlwaysZero). A Timeout set so bounds nothing; one set from a value
// that may be 0 (a parameter, a field an option sets) is the code's chosen
// bound, and 0 there is its caller's explicit choice.
func isZero(info *types.Info, e ast.Expr) bool {
	return code.AlwaysZero(info, e)
}

// field returns the value of a keyed field of a struct literal, or nil.
func field(lit *ast.CompositeLit, name string) ast.Expr {
	if lit == nil {
		return nil
	}
	return code.KeyedValue(lit, name)
}

// enclosingBody returns the body of the innermost function on the stack.
func enclosingBody(stack []ast.Node) *ast.BlockStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}

// outermostBody returns the body of the outermost function on the stack, where
// a variable captured by closures is visible.
func outermostBody(stack []ast.Node) *ast.BlockStmt { return firstFuncBody(stack) }

// firstFuncBody returns the body of the first function in nodes: the
// outermost of a stack (root first), the innermost of a path (innermost first).
func firstFuncBody(nodes []ast.Node) *ast.BlockStmt {
	for _, n := range nodes {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return code.FuncBody(n)
		}
	}
	return nil
}
