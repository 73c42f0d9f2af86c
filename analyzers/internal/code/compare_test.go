package code

import (
	"go/ast"
	"go/parser"
	"testing"
)

func TestOrdered(t *testing.T) {
	for _, tc := range []struct {
		src     string
		greater bool
		want    string
	}{
		{"n < 3", true, "3 > n"},
		{"n <= 3", true, "3 >= n"},
		{"n > 3", true, "n > 3"},
		{"n >= 3", false, "3 <= n"},
		{"n > 3", false, "3 < n"},
		{"n < 3", false, "n < 3"},
		{"n == 3", true, "n == 3"},
		{"n != 3", false, "n != 3"},
	} {
		e, err := parser.ParseExpr(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		x, y, op := Ordered(e.(*ast.BinaryExpr), tc.greater)
		if got := operandText(x) + " " + op.String() + " " + operandText(y); got != tc.want {
			t.Errorf("Ordered(%s, greater=%v) = %s, want %s", tc.src, tc.greater, got, tc.want)
		}
	}
}

func operandText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.BasicLit:
		return e.Value
	}
	return "?"
}
