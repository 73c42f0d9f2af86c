package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const atMostSrc = `package p

import "math/rand"

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
	use(a, b, c, d, e, h, m, k, n, p, q, 2*a, D(10+rand.Intn(20)), a-1, a*p, D(rand.Intn(int(p))), a<<2)
}

type cfg struct {
	a, b, c, d, e D
	F             D
}

func newCfg(p D) *cfg { return &cfg{a: 3, b: p, e: 4} }

var defaults = []*cfg{{1, 2, 3, 4, 5, 6}}

func (c *cfg) tune() { c.c = 8; c.d += 1 }

func addr(c *cfg) { set(&c.e) }

func g(c *cfg) { use(c.a, c.b, c.c, c.d, c.e, c.F) }

type quiet struct{ never, once D }

func newQuiet() *quiet { return &quiet{once: 2} }

func z(q *quiet) { use(q.never, q.once) }
`

// TestAtMost checks the ceilings AtMost finds, and that it finds none where
// a value is out of sight: op-assignments, an address or a pointer method,
// parameters, range variables, calls, shifts and products of variables,
// exported fields; and that sums, conversions and rand.Intn keep a ceiling.
func TestAtMost(t *testing.T) {
	f, info, _ := typeCheck(t, atMostSrc)
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
	want := []string{
		"", // r: a range variable
		"5", "0", "7", "", "", "", "3", "", "", "", "7", "10",
		"29", "4", "", "", "", // a jittered wait, a difference, a product with a variable, rand of a parameter, a shift
		"3", "", "8", "", "", "", // fields: a (3, 1), b (p), c (3, 8), d (+=), e (&), F (exported)
		"0", "2", // a field the package never sets holds its zero value, as code.AlwaysZero says
	}
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
}
