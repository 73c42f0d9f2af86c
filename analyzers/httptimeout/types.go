package httptimeout

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// isZero reports whether e is the constant 0.
func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	v := constant.ToInt(tv.Value)
	return v.Kind() == constant.Int && constant.Sign(v) == 0
}

// field returns the value of a keyed field of a struct literal, or nil.
func field(lit *ast.CompositeLit, name string) ast.Expr {
	if lit == nil {
		return nil
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
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
