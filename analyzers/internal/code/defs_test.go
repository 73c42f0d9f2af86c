package code

import (
	"go/ast"
	"go/types"
	"iter"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const defsSrc = `package p

type s struct{ f int }

var pkgVar = 1

func f() (int, error) {
	x := 1
	var y, z = f()
	x += 2
	x++
	var w int
	var o s
	o.f = 3
	pkgVar = x
	h := func() { x = 4 }
	_ = h
	_, _ = y, z
	_ = w
	return x, nil
}
`

// TestDefs checks the package's def index: every assignment of a variable or
// field with its value, operator and enclosing function, in source order.
func TestDefs(t *testing.T) {
	f, info, pkg := typeCheck(t, defsSrc)
	Register(info, inspector.New([]*ast.File{f}))
	obj := func(name string) types.Object {
		for id, o := range info.Defs {
			if id.Name == name && o != nil {
				if _, ok := o.(*types.Var); ok {
					return o
				}
			}
		}
		t.Fatalf("no variable %s", name)
		return nil
	}
	describe := func(ds []Def) string {
		var parts []string
		for _, d := range ds {
			v := "nil"
			if d.Value != nil {
				v = types.ExprString(d.Value)
			}
			fn := "pkg"
			switch n := d.Func.(type) {
			case *ast.FuncDecl:
				fn = n.Name.Name
			case *ast.FuncLit:
				fn = "lit"
			}
			parts = append(parts, d.Op.String()+" "+v+" in "+fn)
		}
		return strings.Join(parts, "; ")
	}
	for _, c := range []struct{ name, want string }{
		{"x", ":= 1 in f; += 2 in f; ++ nil in f; = 4 in lit"},
		{"y", "var f() in f"},
		{"z", "var f() in f"},
		{"w", "var nil in f"},
		{"pkgVar", "var 1 in pkg; = x in f"},
	} {
		if got := describe(collectDefs(DefsOf(info, obj(c.name)))); got != c.want {
			t.Errorf("DefsOf(%s) = %q, want %q", c.name, got, c.want)
		}
	}
	field := pkg.Scope().Lookup("s").Type().Underlying().(*types.Struct).Field(0)
	if got := describe(collectDefs(DefsOf(info, field))); got != "= 3 in f" {
		t.Errorf("DefsOf(s.f) = %q", got)
	}
	if got := len(Values(info, obj("x"), nil)); got != 3 {
		t.Errorf("Values(x) has %d values, want 3 (:=, +=, = in the literal)", got)
	}
	lit := collectDefs(DefsOf(info, obj("h")))[0].Value
	if got := describe(DefsIn(info, lit.Pos(), lit.End())); got != "= 4 in lit" {
		t.Errorf("DefsIn(the literal) = %q", got)
	}
	if _, ok := SoleDef(info, obj("y")); !ok {
		t.Error("SoleDef(y): y has one assignment")
	}
	if _, ok := SoleDef(info, obj("x")); ok {
		t.Error("SoleDef(x): x has four assignments")
	}
	if collectDefs(DefsOf(&types.Info{}, obj("x"))) != nil {
		t.Error("a package without a tree has no def index")
	}
}

func collectDefs(seq iter.Seq2[int, Def]) []Def {
	var out []Def
	for _, d := range seq {
		out = append(out, d)
	}
	return out
}
