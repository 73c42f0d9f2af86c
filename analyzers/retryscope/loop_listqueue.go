package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop over a queue of container/list (a breadth-first walk: for q.Len() >
// 0 { e := q.Front(); q.Remove(e); ... }) takes its head off on every round
// before it can go round: a continue after a failed visit moves on to the
// next element, a skip, not a retry. The head must come off in the loop body
// itself, not under a condition and before any continue: a head removed only
// after a success is the same element again.

// listEnds are the calls that read an end of a container/list.
var listEnds = map[string]bool{"(*container/list.List).Front": true, "(*container/list.List).Back": true}

// takenFromList reports whether obj, assigned rhs in the loop, is an end of a
// list that the loop body removes on every round before any continue.
func (f *flow) takenFromList(l *loop, obj types.Object, rhs ast.Expr) bool {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(f.info, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	body, isBlock := loopBody(l.stmt).(*ast.BlockStmt)
	if fn == nil || !listEnds[fn.FullName()] || !isSel || !isBlock {
		return false
	}
	list := code.Root(f.info, sel.X, code.ThroughIndex)
	for _, st := range body.List {
		if f.removesFrom(st, list, obj) {
			return true
		}
		if holdsContinue(st) {
			return false
		}
	}
	return false
}

// removesFrom reports whether st is list.Remove(obj).
func (f *flow) removesFrom(st ast.Stmt, list, obj types.Object) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn := code.Callee(f.info, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return fn != nil && fn.FullName() == "(*container/list.List).Remove" && isSel && list != nil &&
		code.Root(f.info, sel.X, code.ThroughIndex) == list && code.Root(f.info, call.Args[0], code.ThroughIndex) == obj
}

// holdsContinue reports whether st holds a continue outside function
// literals; a nested loop's continue counts too, which only keeps a loop a
// retry.
func holdsContinue(st ast.Stmt) bool {
	found := false
	code.Inspect(st, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE {
			found = true
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}
