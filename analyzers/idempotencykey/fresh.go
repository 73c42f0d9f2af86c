package idempotencykey

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// fresh returns the call that makes a key value anew on each attempt, or nil: a
// call that returns a fresh value (retryscope.Result.FreshCall: uuid.New*,
// math/rand, crypto/rand, time.Now, or a package function that calls one),
// evaluated in code that runs per
// attempt, reached through the key expression, the variables it reads
// (assignments made per attempt) and followed functions' parameters.
func (c *checker) fresh(e ast.Expr, fr *frame, depth int) ast.Node {
	if e == nil || depth > 6 {
		return nil
	}
	var found ast.Node
	code.TreeOf(c.info).Inspect(e, []ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil)}, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if !fr.inside(n.Pos()) {
				return false
			}
			if c.p.Scope.FreshCall(n) != 0 {
				found = n
				return false
			}
		case *ast.Ident:
			found = c.freshVar(n, fr, depth)
		}
		return true
	})
	return found
}

func (c *checker) freshVar(id *ast.Ident, fr *frame, depth int) ast.Node {
	v, _ := c.info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	if arg, ok := fr.params[v]; ok {
		return c.fresh(arg, fr.parent, depth+1)
	}
	for _, d := range c.defs(v) {
		if fr.inside(d.Pos()) {
			if n := c.fresh(d, fr, depth+1); n != nil {
				return n
			}
		}
	}
	return nil
}
