package idempotencykey

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// fresh returns the call that makes a key value anew on each attempt, or nil: a
// nondeterministic call (uuid.New*, math/rand, crypto/rand, time.Now) or a call
// of a package function that makes one, evaluated in code that runs per
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
			if c.generates(n, depth) {
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
	for _, d := range c.defs[v] {
		if fr.inside(d.Pos()) {
			if n := c.fresh(d, fr, depth+1); n != nil {
				return n
			}
		}
	}
	return nil
}

// generates reports whether a call returns a new random or time-based value:
// a nondeterministic call of the knowledge base, or (one level) a function of
// this package whose body makes one.
func (c *checker) generates(call *ast.CallExpr, depth int) bool {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return false
	}
	if c.p.Knowledge.IsNondeterministic(fn) {
		return true
	}
	decl := c.p.Scope.FuncDecl(fn)
	if decl == nil || decl.Body == nil || depth > 2 {
		return false
	}
	found := false
	code.TreeOf(c.info).Inspect(decl.Body, []ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if inner, ok := n.(*ast.CallExpr); ok && !found {
			if g := code.Callee(c.info, inner); g != nil && c.p.Knowledge.IsNondeterministic(g) {
				found = true
			}
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}
