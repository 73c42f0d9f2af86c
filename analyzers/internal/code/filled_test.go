package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

func TestFilledBy(t *testing.T) {
	const src = `package p

var pkgVar = f()

func f() int            { return 0 }
func g() (bool, error)  { return false, nil }

func use() {
	a := f()
	ok, err := g()
	var c = f()
	var d, e = g()
	h, i := f(), f()
	j := 1
	k := f()
	k = f()
	var l int
	l = f()
	_, _, _, _, _, _, _, _, _, _, _, _ = a, ok, err, c, d, e, h, i, j, k, l, pkgVar
}
`
	file, info, _ := typeCheck(t, src)
	Register(info, inspector.New([]*ast.File{file}))
	want := map[string]struct {
		call  string
		index int
	}{
		"a": {"f", 0}, "ok": {"g", 0}, "err": {"g", 1}, "c": {"f", 0}, "d": {"g", 0}, "e": {"g", 1},
		"h": {"f", 0}, "i": {"f", 0}, "j": {"", 0}, "k": {"", 0}, "l": {"", 0}, "pkgVar": {"", 0},
	}
	seen := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || seen[id.Name] {
			return true
		}
		v, isVar := info.Uses[id].(*types.Var)
		w, named := want[id.Name]
		if !isVar || !named {
			return true
		}
		seen[id.Name] = true
		call, index := FilledBy(info, v)
		got := ""
		if call != nil {
			got = call.Fun.(*ast.Ident).Name
		}
		if got != w.call || (call != nil && index != w.index) {
			t.Errorf("FilledBy(%s) = %q, %d; want %q, %d", id.Name, got, index, w.call, w.index)
		}
		return true
	})
	if len(seen) != len(want) {
		t.Errorf("checked %d variables, want %d", len(seen), len(want))
	}
}
