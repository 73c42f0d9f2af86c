package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const callDefinedSrc = `package p

func mk() int          { return 1 }
func pair() (int, int) { return 1, 2 }
func use(...int)       {}

func f(p int) {
	a := mk()
	b, _ := pair()
	c := mk()
	c = 2
	use(mk(), a, b, c, p)
}
`

// TestCallOrDefinedOnce checks that a call is itself, that a variable
// defined once by a call (also one result of several) is that call, and
// that a variable assigned again or a parameter is none.
func TestCallOrDefinedOnce(t *testing.T) {
	f, info, _ := typeCheck(t, callDefinedSrc)
	Register(info, inspector.New([]*ast.File{f}))
	var args []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
				args = call.Args
			}
		}
		return true
	})
	want := []string{"mk()", "mk()", "pair()", "", ""}
	if len(args) != len(want) {
		t.Fatalf("%d arguments, want %d", len(args), len(want))
	}
	for i, a := range args {
		got := ""
		if call, ok := CallOrDefinedOnce(info, a); ok {
			got = types.ExprString(call)
		}
		if got != want[i] {
			t.Errorf("CallOrDefinedOnce(%s) = %q, want %q", types.ExprString(a), got, want[i])
		}
	}
}
