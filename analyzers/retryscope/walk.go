package retryscope

import (
	"go/ast"
	"go/types"
	"reflect"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// funcLit is among every walkBody's kinds of node: nested literals are pruned.
var funcLit ast.Node = (*ast.FuncLit)(nil)

// walkBody walks the nodes of the given kinds in a function body without
// entering nested function literals, which have flows of their own. Through
// the package's inspector (code.Tree), subtrees without those kinds are
// skipped unseen. A declaration without a body (assembly, go:linkname) has
// nothing to walk: its nil *ast.BlockStmt is not a nil Node.
func walkBody(info *types.Info, body ast.Node, kinds []ast.Node, visit func(ast.Node) bool) {
	if b, ok := body.(*ast.BlockStmt); ok && b == nil {
		return
	}
	code.TreeOf(info).Inspect(body, append(kinds[:len(kinds):len(kinds)], funcLit), func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok && n != body {
			return false
		}
		return !isKind(n, kinds) || visit(n)
	})
}

// isKind reports whether n is of one of the kinds.
func isKind(n ast.Node, kinds []ast.Node) bool {
	t := reflect.TypeOf(n)
	for _, k := range kinds {
		if reflect.TypeOf(k) == t {
			return true
		}
	}
	return false
}

// Kinds of node the walks ask about.
var (
	assignKinds     = []ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)}
	assignStmtKinds = []ast.Node{(*ast.AssignStmt)(nil)}
	callKinds       = []ast.Node{(*ast.CallExpr)(nil)}
)
