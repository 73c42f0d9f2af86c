package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const paramsSrc = `package p

type T struct{}

func (recv T) m(a, b int, _ string, c ...int) (res int) {
	local := a
	lit := func(x int, _ bool, y int) {}
	var typed func(z int)
	_, _, _ = local, lit, typed
	return
}

func g[P any](p P) {}

func h(_ int, r, s []string, q string) {}
`

// TestParamOf checks that ParamOf names the declaring function and the
// index of each parameter, unnamed and blank ones counted, of a declaration
// and a literal alike, and nothing for a receiver, a result, a type
// parameter, a parameter of a func type or a local.
func TestParamOf(t *testing.T) {
	f, info, pkg := typeCheck(t, paramsSrc)
	Register(info, inspector.New([]*ast.File{f}))
	m := f.Decls[1].(*ast.FuncDecl)
	lit := ast.Node(nil)
	ast.Inspect(f, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok {
			lit = l
		}
		return lit == nil
	})
	g, h := f.Decls[2].(*ast.FuncDecl), f.Decls[3].(*ast.FuncDecl)
	want := map[string]struct {
		fn    ast.Node
		index int
	}{
		"a": {m, 0}, "b": {m, 1}, "c": {m, 3}, "x": {lit, 0}, "y": {lit, 2}, "p": {g, 0}, "q": {h, 3}, "s": {h, 2},
		"recv": {nil, -1}, "res": {nil, -1}, "local": {nil, -1}, "z": {nil, -1}, "P": {nil, -1},
	}
	seen := 0
	for id, obj := range info.Defs {
		w, ok := want[id.Name]
		v, isVar := obj.(*types.Var)
		if !ok || !isVar && id.Name != "P" {
			continue
		}
		seen++
		if !isVar {
			v = types.NewVar(id.Pos(), pkg, id.Name, obj.Type()) // not a Defs object
		}
		if fn, index := ParamOf(info, v); fn != w.fn || index != w.index {
			t.Errorf("ParamOf(%s) = %T, %d; want %T, %d", id.Name, fn, index, w.fn, w.index)
		}
	}
	if seen != len(want) {
		t.Errorf("saw %d of the %d names", seen, len(want))
	}
	if fn, index := ParamOf(&types.Info{}, types.NewVar(0, pkg, "a", nil)); fn != nil || index != -1 {
		t.Errorf("ParamOf without a Tree = %T, %d; want nil, -1", fn, index)
	}
}

// TestParamIndex checks the index of a variable among a parameter list with
// unnamed (nil) parameters: a nil variable is none of them.
func TestParamIndex(t *testing.T) {
	a, b := types.NewVar(0, nil, "a", nil), types.NewVar(0, nil, "b", nil)
	params := []*types.Var{nil, a, nil, b}
	for _, tc := range []struct {
		v    *types.Var
		want int
	}{{a, 1}, {b, 3}, {nil, -1}, {types.NewVar(0, nil, "c", nil), -1}} {
		if got := ParamIndex(params, tc.v); got != tc.want {
			t.Errorf("ParamIndex(%v) = %d, want %d", tc.v, got, tc.want)
		}
	}
}
