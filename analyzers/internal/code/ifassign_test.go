package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const ifAssignSrc = `package p

func g() error        { return nil }
func h() (int, error) { return 0, nil }
func use(error)       {}

func initSets() {
	if err := g(); err != nil {
	}
}

func setBefore() {
	var err error
	err = g()
	if err != nil {
	}
}

func blankAndPair() {
	var err error
	_, err = 1, g()
	if err != nil {
	}
}

func otherInit() {
	var err error
	err = g()
	if x := 1; err != nil {
		_ = x
	}
}

func readBetween() {
	var err error
	err = g()
	use(err)
	if err != nil {
	}
}

func multiValue() {
	n, err := h()
	_ = n
	if err != nil {
	}
}

func labelBetween() {
	var err error
	err = g()
L:
	for {
		break L
	}
	if err != nil {
	}
}

func opAssign() {
	n := 0
	if n += 1; n > 3 {
	}
}

func notIf() {
	var err error
	err = g()
	for err != nil {
	}
}
`

// TestAssignAtIf checks which assignment gives a variable its value at an if
// condition: the init or a plain statement just before, not one hidden behind
// a read, a label, a multi-value call or an operator.
func TestAssignAtIf(t *testing.T) {
	f, info, _ := typeCheck(t, ifAssignSrc)
	Register(info, inspector.New([]*ast.File{f}))
	cond := func(fn string) (ast.Expr, *types.Var) {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != fn {
				continue
			}
			var c ast.Expr
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.IfStmt:
					c = n.Cond
				case *ast.ForStmt:
					if n.Cond != nil {
						c = n.Cond
					}
				}
				return true
			})
			var v *types.Var
			ast.Inspect(c, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && v == nil {
					v, _ = info.Uses[id].(*types.Var)
				}
				return v == nil
			})
			return c, v
		}
		t.Fatalf("no function %s", fn)
		return nil, nil
	}
	for _, c := range []struct {
		fn     string
		anyVar bool // ask about any variable the condition reads
		before bool
		want   string
	}{
		{"initSets", false, false, "g()"},
		{"initSets", true, false, "g()"},
		{"setBefore", false, true, "g()"},
		{"setBefore", false, false, ""},
		{"blankAndPair", false, true, "g()"},
		{"otherInit", false, true, "g()"},
		{"otherInit", true, false, ""},
		{"readBetween", false, true, ""},
		{"multiValue", false, true, ""},
		{"labelBetween", false, true, ""},
		{"opAssign", true, false, ""},
		{"notIf", false, true, ""},
	} {
		e, v := cond(c.fn)
		if c.anyVar {
			v = nil
		}
		as, val := AssignAtIf(info, e, v, c.before)
		got := ""
		if val != nil {
			got = types.ExprString(val)
		}
		if got != c.want || (as == nil) != (val == nil) {
			t.Errorf("AssignAtIf(%s, any=%v, before=%v) = %v, %q; want %q", c.fn, c.anyVar, c.before, as, got, c.want)
		}
	}
}
