package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const funcDeclSrc = `package p

type G[T any] struct{}

func (G[T]) m() {}

func use() {
	var g G[int]
	g.m()
	_ = func() {}
}
`

// TestFuncDeclOf checks that the declaration of a method is found from the
// method of an instantiated generic type (whose object is not the declared
// one), and that DeclaredFunc goes back from it; a literal declares no
// function, and without a Tree nothing is found.
func TestFuncDeclOf(t *testing.T) {
	f, info, _ := typeCheck(t, funcDeclSrc)
	m, use := f.Decls[1].(*ast.FuncDecl), f.Decls[2].(*ast.FuncDecl)
	var inst *types.Func
	var lit *ast.FuncLit
	ast.Inspect(use, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			inst = info.Selections[n].Obj().(*types.Func)
		case *ast.FuncLit:
			lit = n
		}
		return true
	})
	if inst == nil || inst == inst.Origin() {
		t.Fatalf("want the method of G[int], got %v", inst)
	}
	if got := FuncDeclOf(info, inst); got != nil {
		t.Errorf("FuncDeclOf without a Tree = %v, want nil", got)
	}
	Register(info, inspector.New([]*ast.File{f}))
	if got := FuncDeclOf(info, inst); got != m {
		t.Errorf("FuncDeclOf(G[int].m) = %v, want the declaration of m", got)
	}
	if got := DeclaredFunc(info, m); got != inst.Origin() {
		t.Errorf("DeclaredFunc(m) = %v, want %v", got, inst.Origin())
	}
	if got := DeclaredFunc(info, lit); got != nil {
		t.Errorf("DeclaredFunc(literal) = %v, want nil", got)
	}
}
