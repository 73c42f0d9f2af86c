package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"testing"
)

const constSrc = `package p

const K = 3

func f(n int) {
	a := K
	b := a
	c := n
	_, _, _ = a, b, c
}
`

// TestConst: a constant, a variable assigned once from one (through another),
// and a variable of unknown value.
func TestConst(t *testing.T) {
	f, info, _ := typeCheck(t, constSrc)
	defs := map[types.Object][]ast.Node{}
	var uses []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			if as.Tok == token.DEFINE {
				defs[info.Defs[as.Lhs[0].(*ast.Ident)]] = []ast.Node{as.Rhs[0]}
			} else {
				uses = as.Rhs
			}
		}
		return true
	})
	for i, want := range []string{"3", "3", ""} {
		got := ""
		if v := Const(info, uses[i], defs); v != nil {
			got = v.ExactString()
		}
		if got != want {
			t.Errorf("Const(%s) = %q, want %q", types.ExprString(uses[i]), got, want)
		}
	}
	if v := Const(info, uses[1], nil); v != nil && v.Kind() != constant.Unknown {
		t.Errorf("Const without definitions followed a variable: %v", v)
	}
	x, y := ast.NewIdent("x"), ast.NewIdent("y")
	if PairedRHS([]ast.Expr{x, y}, []ast.Expr{y, x}, 1) != x || PairedRHS([]ast.Expr{x, y}, []ast.Expr{x}, 0) != nil {
		t.Error("PairedRHS pairs the wrong expression")
	}
}
