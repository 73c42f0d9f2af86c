package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// What leaves a loop, read from the syntax where the control-flow graph is
// not at hand: a return, a call of the builtin panic, a break that ends the
// loop. The graph (flow.alwaysLeaves) knows more exits (log.Fatal, os.Exit);
// these are the ones a reader sees at a glance.

// endsLoop reports whether br, a branch statement inside loop (a for or
// range statement), is a break that ends loop: unlabeled with no for, range,
// switch or select between them, or labelled with loop's label.
func endsLoop(info *types.Info, loop ast.Stmt, br *ast.BranchStmt) bool {
	if br.Tok != token.BREAK {
		return false
	}
	if br.Label == nil {
		return innermostBreakable(loop, br.Pos())
	}
	lab, ok := info.Uses[br.Label].(*types.Label)
	return ok && lab == loopLabel(info, loop)
}

// innermostBreakable reports whether an unlabeled break at pos leaves loop:
// no for, range, switch or select between them.
func innermostBreakable(loop ast.Stmt, pos token.Pos) bool {
	inner := false
	code.Inspect(loopBody(loop), func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if n.Pos() <= pos && pos < n.End() {
				inner = true
			}
		case *ast.FuncLit:
			return false
		}
		return !inner
	})
	return !inner
}

// loopLabel returns the label of a labelled loop statement, or nil.
func loopLabel(info *types.Info, loop ast.Stmt) *types.Label {
	if path := code.TreeOf(info).Enclosing(loop); len(path) > 1 {
		if ls, ok := path[1].(*ast.LabeledStmt); ok {
			lab, _ := info.Defs[ls.Label].(*types.Label)
			return lab
		}
	}
	return nil
}
