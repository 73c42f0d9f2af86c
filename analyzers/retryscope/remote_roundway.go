package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A round of a loop is the code that runs again. A branch that ends by
// leaving the loop (a return, a panic, a break of the loop) runs once, on
// the way out: a timeout's error response, a success's log line. What it
// reaches does not make the rounds before it reach another system. A branch
// that may go round (a continue, a goto, or any other branch or return
// before its end) stays in the round.

// roundParts returns the parts of a loop region's body that may run again:
// the body without its ways out of the loop. Other regions (a recursive
// retry, a callback, a goto loop) are read whole.
func roundParts(info *types.Info, r *Region) []ast.Node {
	body, ok := loopBody(r.Loop).(*ast.BlockStmt)
	if r.Kind != LoopRegion || !ok || r.Body != ast.Node(body) {
		return []ast.Node{r.Body}
	}
	w := &wayOut{info: info, loop: r.Loop}
	w.list(body.List)
	return w.parts
}

// wayOut collects the parts of a loop body that are not ways out of loop.
type wayOut struct {
	info  *types.Info
	loop  ast.Stmt
	parts []ast.Node
}

func (w *wayOut) add(nodes ...ast.Node) {
	for _, n := range nodes {
		if n != nil {
			w.parts = append(w.parts, n)
		}
	}
}

func (w *wayOut) list(stmts []ast.Stmt) {
	for _, s := range stmts {
		w.stmt(s)
	}
}

// branch collects a branch's statements unless the branch leaves the loop.
func (w *wayOut) branch(stmts []ast.Stmt) {
	if !w.leaves(stmts) {
		w.list(stmts)
	}
}

func (w *wayOut) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		w.list(s.List)
	case *ast.LabeledStmt:
		w.stmt(s.Stmt)
	case *ast.IfStmt:
		w.add(s.Init, s.Cond)
		w.branch(s.Body.List)
		if e, ok := s.Else.(*ast.BlockStmt); ok {
			w.branch(e.List)
		} else if s.Else != nil {
			w.stmt(s.Else)
		}
	case *ast.SwitchStmt:
		w.add(s.Init, s.Tag)
		w.clauses(s.Body)
	case *ast.TypeSwitchStmt:
		w.add(s.Init, s.Assign)
		w.clauses(s.Body)
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			if cc, ok := c.(*ast.CommClause); ok {
				w.add(cc.Comm)
				w.branch(cc.Body)
			}
		}
	default:
		w.add(s)
	}
}

func (w *wayOut) clauses(body *ast.BlockStmt) {
	for _, c := range body.List {
		if cc, ok := c.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				w.add(e)
			}
			w.branch(cc.Body)
		}
	}
}

// leaves reports whether a branch ends by leaving the loop and nothing
// before its end may leave or go round.
func (w *wayOut) leaves(stmts []ast.Stmt) bool {
	n := len(stmts)
	if n == 0 || code.MayLeave(w.info, stmts[:n-1]...) {
		return false
	}
	switch last := stmts[n-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return endsLoop(w.info, w.loop, last)
	case *ast.ExprStmt:
		call, ok := ast.Unparen(last.X).(*ast.CallExpr)
		return ok && code.IsPanic(w.info, call)
	}
	return false
}
