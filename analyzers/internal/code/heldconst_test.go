package code

import (
	"go/ast"
	"go/types"
	"strconv"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const heldSrc = `package p

const K = 3

func bump(n *int) { *n++ }

func use(...int) {}

func f(n int) {
	a := 5
	var b = K
	c := a
	d := 4
	d--
	e := 2
	bump(&e)
	g := n
	var h int
	for i := 0; i < 2; i++ {
		use(i)
	}
	use(a, b, c, d, e, g, h, n)
}
`

// TestConstHeld: without a caller's definitions, Const (and Int) read a
// local variable declared with a constant, or with another such variable,
// and never assigned again or addressed, as that constant; a variable
// reassigned, addressed, declared without a value, from a parameter, or a
// parameter has none.
func TestConstHeld(t *testing.T) {
	f, info, _ := typeCheck(t, heldSrc)
	Register(info, inspector.New([]*ast.File{f}))
	var args []ast.Expr // of every use(...), in source order
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
				args = append(args, call.Args...)
			}
		}
		return true
	})
	want := []string{"", "5", "3", "5", "", "", "", "", ""} // i first: a loop counter
	if len(args) != len(want) {
		t.Fatalf("%d arguments, want %d", len(args), len(want))
	}
	for i, a := range args {
		got := ""
		if v := Const(info, a, nil); v != nil {
			got = v.ExactString()
		}
		if n, ok := Int(info, a); ok != (got != "") || ok && got != strconv.FormatInt(n, 10) {
			t.Errorf("Int(%s) = %d, %v; Const says %q", types.ExprString(a), n, ok, got)
		}
		if got != want[i] {
			t.Errorf("Const(%s) = %q, want %q", types.ExprString(a), got, want[i])
		}
	}
}
