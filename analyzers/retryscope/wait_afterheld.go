package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A time.After held in a variable waits where the variable is received:
//
//	var timeout <-chan time.Time
//	if pollOnly {
//		timeout = time.After(d)
//	}
//	select {
//	case <-ctx.Done():
//		return ctx.Err()
//	case <-notified:
//	case <-timeout:
//	}
//
// The call only starts the timer; the select decides whether something else
// ends the wait early, as it does for <-time.After(d) written in the case.
// When every receive of the variable in the loop is a case of a select with
// another receive and no default, the wait is cancellable there; a plain
// receive (<-timeout) or a select with a default keeps it as it was. The
// wait stays at the call, with no Select: Select names the select whose case
// holds the wait itself, and the rules read the case's body from it.

// placeHeldAfter marks a time.After wait whose result is assigned to a local
// variable cancellable when the selects that receive it are.
func (f *flow) placeHeldAfter(l *loop, w *Wait) {
	if w.Kind != WaitAfter || w.Select != nil || w.Call == nil {
		return
	}
	v := f.heldIn(w.Call)
	if v == nil {
		return
	}
	var selects []*ast.SelectStmt
	plain := false
	ast.Inspect(l.stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt:
			for _, c := range n.Body.List {
				cc := c.(*ast.CommClause)
				if ch := code.RecvChan(cc.Comm); ch != nil && f.isVar(ch, v) {
					if hasDefault(n) || !otherReceive(n, cc) {
						plain = true
					}
					selects = append(selects, n)
				}
			}
		case *ast.UnaryExpr:
			plain = plain || n.Op == token.ARROW && f.isVar(n.X, v) && !inSelectCase(selects, n)
		}
		return true
	})
	if plain || len(selects) == 0 {
		return
	}
	w.Cancellable = true
}

// heldIn returns the local variable a call's result is assigned to, or nil.
func (f *flow) heldIn(call *ast.CallExpr) *types.Var {
	as, ok := parentOf(code.TreeOf(f.info).Enclosing(call), 0).(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != ast.Expr(call) {
		return nil
	}
	v := code.VarOf(f.info, as.Lhs[0])
	if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// inSelectCase reports whether u is the receive of a case of one of selects.
func inSelectCase(selects []*ast.SelectStmt, u *ast.UnaryExpr) bool {
	for _, s := range selects {
		for _, c := range s.Body.List {
			if cc := c.(*ast.CommClause); cc.Comm != nil && within(cc.Comm, u) {
				return true
			}
		}
	}
	return false
}
