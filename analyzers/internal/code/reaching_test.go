package code

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const reachingSrc = `package p

func base() int      { return 0 }
func bound(x int) int { return x + 1 }
func use(int)        {}
func log(...any)     {}

func f(cond bool) {
	a := base()
	a = bound(a)
	log("x")
	use(a)

	b := base()
	if cond {
		b = bound(b)
	}
	use(b)

	c := bound(0)
	c = base()
	use(c)

	d := base()
	d = bound(d)
	for i := 0; i < 3; i++ {
		use(d)
		d = base()
	}

	e := base()
	e = bound(e)
	func() { use(e) }()

	g := bound(0)
	reset := func() { g = base() }
	reset()
	use(g)

	h := base()
	h = bound(h)
	if cond {
		use(h)
	}

	k := base()
	if cond {
		goto skip
	}
	k = bound(k)
skip:
	use(k)

	var q, r = bound(1), base()
	log(r)
	use(q)
}
`

// TestReachingValues checks that a straight-line assignment before the read,
// with no other assignment after it, is the one value that reaches the read,
// and that a branch, a later assignment, a loop, a closure or a label keep
// every value.
func TestReachingValues(t *testing.T) {
	f, info, _ := typeCheck(t, reachingSrc)
	Register(info, inspector.New([]*ast.File{f}))
	var uses []*ast.Ident
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "use" {
				uses = append(uses, call.Args[0].(*ast.Ident))
			}
		}
		return true
	})
	want := []string{
		"bound(a)",
		"base() bound(b)",
		"base()",
		"base() bound(d) base()",
		"base() bound(e)",
		"bound(0) base()",
		"bound(h)",
		"base() bound(k)",
		"bound(1)",
	}
	if len(uses) != len(want) {
		t.Fatalf("%d uses, want %d", len(uses), len(want))
	}
	for i, id := range uses {
		var got []string
		for _, v := range ReachingValues(info, VarOf(info, id), id) {
			got = append(got, types.ExprString(v))
		}
		if g := strings.Join(got, " "); g != want[i] {
			t.Errorf("ReachingValues(%s) = %q, want %q", id.Name, g, want[i])
		}
	}
}
