package code

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const treeSrc = `package p

func f(ch chan int) {
	x := 1
	for i := 0; i < 3; i++ {
		x += i
		g(func() { y := 2; _ = y })
	}
	select {
	case v := <-ch:
		x = v
	}
}

func g(func()) {}
`

// TestTreeInspect checks that a walk by kind of node through the inspector
// sees what a plain walk filtered by kind sees, prunes where told, counts
// only what it hands out, and walks syntax outside the tree node by node.
func TestTreeInspect(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", treeSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{}
	tree := Register(info, inspector.New([]*ast.File{f}))
	if TreeOf(info) != tree || TreeOf(&types.Info{}) != nil {
		t.Fatal("TreeOf does not find the registered tree")
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	kinds := []ast.Node{(*ast.AssignStmt)(nil), (*ast.FuncLit)(nil)}
	plain := func(root ast.Node, prune bool) []ast.Node {
		var out []ast.Node
		ast.Inspect(root, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.AssignStmt:
				out = append(out, n)
			case *ast.FuncLit:
				out = append(out, n)
				return !prune
			}
			return true
		})
		return out
	}
	typed := func(tr *Tree, root ast.Node, prune bool) ([]ast.Node, int64) {
		var out []ast.Node
		n := CountVisits(func() {
			tr.Inspect(root, kinds, func(n ast.Node) bool {
				out = append(out, n)
				_, lit := n.(*ast.FuncLit)
				return !(prune && lit)
			})
		})
		return out, n
	}
	for _, prune := range []bool{false, true} {
		want := plain(body, prune)
		got, visits := typed(tree, body, prune)
		if !slices.Equal(got, want) {
			t.Errorf("prune=%v: typed walk saw %d nodes, plain walk %d", prune, len(got), len(want))
		}
		if visits != int64(len(want)) {
			t.Errorf("prune=%v: %d visits counted, want %d (one per node handed out)", prune, visits, len(want))
		}
		if got, _ := typed(nil, body, prune); !slices.Equal(got, want) {
			t.Errorf("prune=%v: the walk without a tree differs", prune)
		}
	}
	// A statement whose node shares its extent with a child (x = v in a
	// clause, the call of an expression statement) is found as itself.
	var stmt *ast.ExprStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.ExprStmt); ok {
			stmt = s
		}
		return true
	})
	if c, ok := tree.Cursor(stmt); !ok || c.Node() != stmt {
		t.Errorf("Cursor(%T) did not find the statement", stmt)
	}
	if _, ok := tree.Cursor(&ast.Ident{Name: "elsewhere"}); ok {
		t.Error("Cursor found a node outside the tree")
	}
	// Enclosing: the statement, the blocks and statements around it, up to
	// the declaration (the for loop's body and the loop, the function's body).
	path := tree.Enclosing(stmt)
	if len(path) != 5 || path[0] != stmt || path[len(path)-1] != f.Decls[0] || path[len(path)-2] != body {
		t.Errorf("Enclosing(stmt) = %d nodes, want the statement up to its declaration", len(path))
	}
	if tree.Enclosing(&ast.Ident{Name: "elsewhere"}) != nil {
		t.Error("Enclosing of a node outside the tree")
	}
	// WalkStack: the path handed to a visit runs from the walk's root to the node.
	tree.WalkStack(body, []ast.Node{(*ast.ExprStmt)(nil)}, func(n ast.Node, stack func() []ast.Node) bool {
		st := stack()
		if st[0] != body || st[len(st)-1] != n || len(st) != 4 {
			t.Errorf("WalkStack path of %T: %d nodes from %T", n, len(st), st[0])
		}
		return true
	})
}
