package code

import (
	"go/ast"
	"go/types"
	"slices"
	"testing"
)

const callersSrc = `package p

func target() {}

func direct()    { target() }
func twice()     { target(); target() }
func inGo()      { go target() }
func inLiteral() { f := func() { target() }; f() }
func asValue()   { hand(target) }
func hand(func()) {}
func none()      {}
`

// TestCallers: each caller once, a call in a literal counted for its
// declaration, and a use as a value makes the function not only called.
func TestCallers(t *testing.T) {
	f, info, pkg := typeCheck(t, callersSrc)
	fn := pkg.Scope().Lookup("target").(*types.Func)
	callers, called := Callers(info, []*ast.File{f}, fn)
	var names []string
	for _, c := range callers {
		names = append(names, c.Name.Name)
	}
	if want := []string{"direct", "twice", "inGo", "inLiteral", "asValue"}; !slices.Equal(names, want) {
		t.Errorf("callers = %v, want %v", names, want)
	}
	if called {
		t.Error("called = true, want false: asValue hands target on")
	}
	if _, called := Callers(info, []*ast.File{f}, pkg.Scope().Lookup("hand").(*types.Func)); !called {
		t.Error("hand: called = false, want true")
	}
}
