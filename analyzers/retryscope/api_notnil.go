package retryscope

import (
	"go/ast"
	"go/types"
)

// TestsNotNil reports whether cond is v != nil (or nil != v).
func TestsNotNil(info *types.Info, cond ast.Expr, v *types.Var) bool {
	return testsNotNil(info, cond, v)
}
