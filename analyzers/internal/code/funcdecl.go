package code

import (
	"go/ast"
	"go/token"
	"go/types"
)

// FuncDeclOf returns the declaration of fn (of its origin, for a method of
// an instantiated generic type) when it is a function of the package whose
// type information info is (its Tree registered), or nil: a function of
// another package, or a package whose syntax is not at hand.
func FuncDeclOf(info *types.Info, fn *types.Func) *ast.FuncDecl {
	t := TreeOf(info)
	if t == nil || t.in == nil || fn == nil || !fn.Pos().IsValid() {
		return nil
	}
	fn = fn.Origin()
	c, ok := t.in.Root().FindByPos(fn.Pos(), fn.Pos()+token.Pos(len(fn.Name())))
	if !ok {
		return nil
	}
	if id, isID := c.Node().(*ast.Ident); !isID || info.Defs[id] != fn {
		return nil
	}
	decl, _ := c.Parent().Node().(*ast.FuncDecl)
	return decl
}

// DeclaredFunc returns the function a *ast.FuncDecl declares; nil for any
// other node (a function literal has no object).
func DeclaredFunc(info *types.Info, n ast.Node) *types.Func {
	decl, ok := n.(*ast.FuncDecl)
	if !ok {
		return nil
	}
	fn, _ := info.Defs[decl.Name].(*types.Func)
	return fn
}
