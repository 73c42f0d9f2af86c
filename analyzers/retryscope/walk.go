package retryscope

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/cfg"

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

// blockStep is what a search of the control flow graph does at a block.
type blockStep int

const (
	follow   blockStep = iota // enter the block: its successors are searched
	skip                      // do not enter it (it may be reached again)
	stopHere                  // the search ends here
)

// searchBlocks searches the control flow graph depth first from starts,
// entering each block once (seen holds blocks taken as entered already), and
// reports whether visit stopped it. The one walk of the reachability
// questions: back to a loop's header, to a target, along a failure path.
func searchBlocks(starts []*cfg.Block, seen map[*cfg.Block]bool, visit func(*cfg.Block) blockStep) bool {
	if seen == nil {
		seen = make(map[*cfg.Block]bool)
	}
	stack := slices.Clone(starts)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		switch visit(b) {
		case stopHere:
			return true
		case skip:
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}
