package code

import (
	"go/ast"
	"go/types"
	"slices"
	"testing"
)

const converterSrc = `package p

type wrapped interface {
	error
	Unwrap() error
}

func Convert[T any](v T, err error) (T, wrapped) { return v, nil }
func Check[T any](v T, err error) (T, error) { return v, err }
func Pair[T any](v T, err error) (T, T) { return v, v }
func Count[T any](v T, err error) (T, int) { return v, 0 }
func two() (int, error) { return 1, nil }

func f(x int, err error) {
	_, _ = Convert(x, err) // x
	_, _ = Check(two())    // two()
	_, _ = Pair(x, err)    // none: the second result is a T too
	_, _ = Count(x, err)   // none: the second result is no error
}
`

// TestPassThroughConverter: a generic whose results after the first are
// errors hands back its argument as a must-style wrapper does; one whose
// later result may hold a value does not.
func TestPassThroughConverter(t *testing.T) {
	f, info, _ := typeCheck(t, converterSrc)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			if a := PassThroughArg(info, as.Rhs[0].(*ast.CallExpr)); a != nil {
				got = append(got, types.ExprString(a))
			} else {
				got = append(got, "-")
			}
		}
		return true
	})
	if want := []string{"x", "two()", "-", "-"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
