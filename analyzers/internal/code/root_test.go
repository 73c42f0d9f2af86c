package code

import (
	"go/ast"
	"go/types"
	"testing"
)

const rootSrc = `package p

import "os"

type T struct{ f []*T; c chan int }

func (t *T) m() *T { return t }

func f(x *T, xs []T) {
	_ = x.f[0].f
	_ = *x
	_ = xs[1]
	_ = &x.f
	_ = <-x.c
	_ = x.m().f
	_ = os.Args
	_ = os.Getenv("A")
	y := x
	_ = y
}
`

// TestRoot checks each option on each form: the four walkers Root replaced
// differed in exactly these steps.
func TestRoot(t *testing.T) {
	f, info, _ := typeCheck(t, rootSrc)
	exprs := map[string]ast.Expr{}
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
				exprs[types.ExprString(as.Rhs[0])] = as.Rhs[0]
			} else {
				exprs[types.ExprString(as.Lhs[0])+" :="] = as.Lhs[0]
			}
		}
		return true
	})
	const all = ThroughIndex | ThroughUnary | ThroughCall
	for _, tc := range []struct {
		expr string
		opts RootOpts
		want string // the root's name, "" for none
	}{
		{"x.f[0].f", 0, ""},
		{"x.f[0].f", ThroughIndex, "x"},
		{"*x", 0, "x"},
		{"xs[1]", ThroughIndex, "xs"},
		{"&x.f", 0, ""},
		{"&x.f", ThroughUnary, "x"},
		{"<-x.c", ThroughUnary, "x"},
		{"x.m().f", all &^ ThroughCall, ""},
		{"x.m().f", ThroughCall, "x"},
		{"os.Args", all, ""},
		{"os.Args", PkgVars, "Args"},
		{"os.Getenv(\"A\")", all | PkgVars, ""},
		{"y :=", 0, "y"},
		{"y :=", UsesOnly, ""},
	} {
		e, ok := exprs[tc.expr]
		if !ok {
			t.Fatalf("no expression %q in the source", tc.expr)
		}
		got := ""
		if o := Root(info, e, tc.opts); o != nil {
			got = o.Name()
		}
		if got != tc.want {
			t.Errorf("Root(%s, %b) = %q, want %q", tc.expr, tc.opts, got, tc.want)
		}
	}
}

func TestRHS(t *testing.T) {
	a, b := ast.NewIdent("a"), ast.NewIdent("b")
	if RHS([]ast.Expr{a, b}, 2, 1) != b || RHS([]ast.Expr{a}, 2, 1) != a || RHS(nil, 1, 0) != nil {
		t.Error("RHS picks the wrong expression")
	}
}
