package code

import (
	"go/ast"
	"go/types"
	"testing"
)

const tagDefaultSrc = `package p

import "time"

type Duration time.Duration

type inner struct {
	Backoff Duration ` + "`default:\"1m30s\"`" + `
}

type config struct {
	*inner
	Count   int           ` + "`default:\"3\" yaml:\"count\"`" + `
	Env     uint          ` + "`envDefault:\"12\"`" + `
	Wait    time.Duration ` + "`default:\"500ms\"`" + `
	Ratio   float64       ` + "`default:\"1.5\"`" + `
	Zero    int           ` + "`default:\"0\"`" + `
	Plain   int           ` + "`yaml:\"plain\"`" + `
	Bad     time.Duration ` + "`default:\"5\"`" + `
	Name    string        ` + "`default:\"x\"`" + `
}

func use(...any) {}

func f(c config) {
	use(c.Count, c.Env, c.Wait, c.Ratio, c.Zero, c.Plain, c.Bad, c.Name, c.Backoff, uint(c.Count), int64(c.Count)+1)
}
`

// TestTagDefault checks the defaults struct tags give numeric fields, a
// duration parsed, through an embedded pointer and a conversion; and that
// a zero default, an untagged field, an unparsable duration, a string and
// an expression that is no field read give none.
func TestTagDefault(t *testing.T) {
	f, info, _ := typeCheck(t, tagDefaultSrc)
	var args []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
				args = append(args, call.Args...)
			}
		}
		return true
	})
	want := []string{"3", "12", "500000000", "3/2", "", "", "", "", "90000000000", "3", ""}
	if len(args) != len(want) {
		t.Fatalf("%d arguments, want %d", len(args), len(want))
	}
	for i, a := range args {
		got := ""
		if v, ok := TagDefault(info, a); ok {
			got = v.ExactString()
		}
		if got != want[i] {
			t.Errorf("TagDefault(%s) = %q, want %q", types.ExprString(a), got, want[i])
		}
	}
}
