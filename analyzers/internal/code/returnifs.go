package code

import "go/ast"

// ReturnsAfterIfs calls visit for each return statement of body outside
// function literals, in source order, with the if statements met before it
// (enclosing or not: callers pick the one they need). It stops when visit
// answers false.
func ReturnsAfterIfs(body ast.Node, visit func(ret *ast.ReturnStmt, ifs []*ast.IfStmt) bool) {
	var ifs []*ast.IfStmt
	more := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !more {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			ifs = append(ifs, n)
		case *ast.ReturnStmt:
			more = visit(n, ifs)
		}
		return more
	})
}
