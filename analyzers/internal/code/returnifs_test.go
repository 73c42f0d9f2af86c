package code

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

const returnIfsSrc = `package p

func f(a, b bool) int {
	if a {
		return 1
	}
	g := func() int { return 9 }
	if b {
		if a {
			return 2
		}
	}
	return g()
}
`

func TestReturnsAfterIfs(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", returnIfsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	body := file.Decls[0].(*ast.FuncDecl).Body
	var lines, ifCounts []int
	ReturnsAfterIfs(body, func(ret *ast.ReturnStmt, ifs []*ast.IfStmt) bool {
		lines = append(lines, fset.Position(ret.Pos()).Line)
		ifCounts = append(ifCounts, len(ifs))
		return true
	})
	// The literal's return (line 7) is not visited.
	if want := []int{5, 10, 13}; !slices.Equal(lines, want) {
		t.Errorf("return lines = %v, want %v", lines, want)
	}
	if want := []int{1, 3, 3}; !slices.Equal(ifCounts, want) {
		t.Errorf("ifs met = %v, want %v", ifCounts, want)
	}

	visited := 0
	ReturnsAfterIfs(body, func(*ast.ReturnStmt, []*ast.IfStmt) bool {
		visited++
		return false
	})
	if visited != 1 {
		t.Errorf("visited %d returns after a false answer, want 1", visited)
	}
}
