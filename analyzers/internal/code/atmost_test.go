package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const atMostSrc = `package p

type D int64

func (d *D) Set() { *d = 9 }

func set(d *D)          {}
func two() (D, error)   { return 0, nil }
func use(...D)          {}

func f(p D, xs []D) {
	a := D(5)
	var b D
	c := D(1)
	c = 7
	d := D(1)
	d *= 2
	e := D(1)
	set(&e)
	h := D(1)
	h.Set()
	m := min(p, 3, a)
	k, _ := two()
	n := p
	for _, r := range xs {
		use(r)
	}
	var q = c
	use(a, b, c, d, e, h, m, k, n, p, q, 2*a)
}
`

// TestAtMost checks the ceilings AtMost finds, and that it finds none where
// a value is out of sight: op-assignments, an address or a pointer method,
// parameters, range variables, calls, arithmetic on variables.
func TestAtMost(t *testing.T) {
	f, info, _ := typeCheck(t, atMostSrc)
	Register(info, inspector.New([]*ast.File{f}))
	var args, rangeArg []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
				if len(call.Args) == 1 {
					rangeArg = call.Args
				} else {
					args = call.Args
				}
			}
		}
		return true
	})
	want := []string{"5", "0", "7", "", "", "", "3", "", "", "", "7", ""}
	if len(args) != len(want) {
		t.Fatalf("%d arguments, want %d", len(args), len(want))
	}
	for i, a := range args {
		got := ""
		if v, ok := AtMost(info, a); ok {
			got = v.ExactString()
		}
		if got != want[i] {
			t.Errorf("AtMost(%s) = %q, want %q", types.ExprString(a), got, want[i])
		}
	}
	if v, ok := AtMost(info, rangeArg[0]); ok {
		t.Errorf("AtMost of a range variable = %v, want none", v)
	}
}
