package code

import (
	"go/ast"
	"go/types"
	"testing"
)

const passSrc = `package p

func Get[T any](v T, err error) T { return v }
func Pick[T any](a, b T) T { return a }
func Plain(v int, err error) int { return v }
func Zero[T any](err error) T { var z T; return z }
func two() (int, error) { return 1, nil }
func rev() (error, int) { return nil, 1 }
func Rev[T any](err error, v T) T { return v }

func f(x int, err error) {
	_ = Get(x, err)     // x
	_ = Get(two())      // two()
	_ = Pick(x, x)      // none: two candidates
	_ = Plain(x, err)   // none: not generic
	_ = Zero[int](err)  // none: no parameter of type T
	_ = Rev(rev())      // none: the second result of rev()
}
`

// TestPassThroughArg: the argument of the one parameter typed like the
// generic result, directly or as the first result of a spread call; nothing
// for two candidates, a plain function, a generic without such a parameter,
// or a later result of a spread call.
func TestPassThroughArg(t *testing.T) {
	f, info, _ := typeCheck(t, passSrc)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		call := as.Rhs[0].(*ast.CallExpr)
		if a := PassThroughArg(info, call); a != nil {
			got = append(got, types.ExprString(a))
		} else {
			got = append(got, "-")
		}
		return true
	})
	want := []string{"x", "two()", "-", "-", "-", "-"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("call %d: got %s, want %s", i, got[i], want[i])
		}
	}
}
