package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const clampSrc = `package p

type D int64

func wait(D)       {}
func log(...any)   {}
func grow(d *D)    {}

func f(p D) {
	var a D
	a *= 2
	if max := D(10); a > max {
		a = max
	}
	log("waiting", a)
	wait(a)

	b := p
	if 20 < b {
		b = 20
	}
	b *= 2
	wait(b)

	c := p
	if c > 30 {
		c = 30
	} else {
		c = 1
	}
	wait(c)

	d := p
	if d > 40 {
		d = 40
	}
	grow(&d)
	wait(d)

	e := p
	func() { e = 99 }()
	if e > 50 {
		e = 50
	}
	wait(e)

	g := p
	if g >= 60 {
		g = 60
	}
	wait(g)
}
`

// TestClampedBefore checks that a clamp right before the statement, with
// only call statements between, gives the variable its limit, and that an
// assignment between, an else, a taken address or a closure that sets the
// variable leave it without one.
func TestClampedBefore(t *testing.T) {
	f, info, _ := typeCheck(t, clampSrc)
	Register(info, inspector.New([]*ast.File{f}))
	var waits []*ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "wait" {
				waits = append(waits, call)
			}
		}
		return true
	})
	want := []string{"10", "", "", "", "", "60"}
	if len(waits) != len(want) {
		t.Fatalf("%d waits, want %d", len(waits), len(want))
	}
	for i, w := range waits {
		got := ""
		if v, ok := ClampedBefore(info, w, w.Args[0]); ok {
			got = v.ExactString()
		}
		if got != want[i] {
			t.Errorf("ClampedBefore(%s) = %q, want %q", types.ExprString(w.Args[0]), got, want[i])
		}
	}
}
