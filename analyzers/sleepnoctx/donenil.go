package sleepnoctx

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A context whose Done returns nil can never be cancelled. A helper that
// waits in a select on ctx.Done() and a timer when Done is not nil, and
// falls back on time.Sleep only when it is, ignores no cancellation:
//
//	if done := ctx.Done(); done != nil {
//		select {
//		case <-done:
//			return err
//		case <-timer.C:
//			continue
//		}
//	}
//	time.Sleep(next) // ctx cannot be cancelled
//
// The sleep is such a fallback when an earlier statement of its block tests
// Done (or a variable set from it) against nil and every way through its
// "not nil" body leaves the round, or when it sits in the "nil" branch of
// such a test.

// onlyWithoutDone reports whether the wait at n runs only when a context's
// Done channel is nil (see above).
func onlyWithoutDone(info *types.Info, n ast.Node) bool {
	path := code.TreeOf(info).Enclosing(n)
	for i, outer := range path {
		switch s := outer.(type) {
		case *ast.BlockStmt:
			if i > 0 && doneTestedBefore(info, s, path[i-1]) {
				return true
			}
		case *ast.IfStmt:
			if i > 0 && inNilBranch(info, s, path[i-1]) {
				return true
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// doneTestedBefore reports whether a statement of block before stmt tests
// Done against nil and leaves the round whenever Done is not nil.
func doneTestedBefore(info *types.Info, block *ast.BlockStmt, stmt ast.Node) bool {
	for _, s := range block.List {
		if s == stmt {
			return false
		}
		if ifs, ok := s.(*ast.IfStmt); ok && ifs.Else == nil && doneCompared(info, ifs, token.NEQ) && leaves(info, ifs.Body, false) {
			return true
		}
	}
	return false
}

// inNilBranch reports whether child is the branch of ifs taken when Done is
// nil.
func inNilBranch(info *types.Info, ifs *ast.IfStmt, child ast.Node) bool {
	return child == ifs.Body && doneCompared(info, ifs, token.EQL) ||
		child == ifs.Else && doneCompared(info, ifs, token.NEQ)
}

// doneCompared reports whether the condition of ifs is `d op nil`, where d
// is a call of a Done method returning a receive-only channel, or a variable
// the if's init sets from one.
func doneCompared(info *types.Info, ifs *ast.IfStmt, op token.Token) bool {
	bin, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || bin.Op != op || !code.IsNil(info, bin.Y) {
		return false
	}
	x := ast.Unparen(bin.X)
	if id, ok := x.(*ast.Ident); ok {
		x = initValue(info, ifs, id)
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	c, isChan := types.Unalias(info.TypeOf(call)).(*types.Chan)
	return ok && sel.Sel.Name == "Done" && isChan && c.Dir() == types.RecvOnly
}

// initValue returns the value the init statement of ifs gives the variable
// id names (if done := ctx.Done(); done != nil), or nil.
func initValue(info *types.Info, ifs *ast.IfStmt, id *ast.Ident) ast.Expr {
	as, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	def, ok := as.Lhs[0].(*ast.Ident)
	if !ok || info.Defs[def] == nil || info.Defs[def] != info.Uses[id] {
		return nil
	}
	return ast.Unparen(as.Rhs[0])
}

// leaves reports whether every way through s leaves the round: a return, a
// continue, a labelled break or a goto, a panic; a select without default or
// an if with an else whose every branch leaves. A plain break leaves only
// outside a select or switch.
func leaves(info *types.Info, s ast.Stmt, inSelect bool) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.CONTINUE || s.Tok == token.GOTO || s.Label != nil || s.Tok == token.BREAK && !inSelect
	case *ast.BlockStmt:
		return len(s.List) > 0 && leaves(info, s.List[len(s.List)-1], inSelect)
	case *ast.IfStmt:
		return s.Else != nil && leaves(info, s.Body, inSelect) && leaves(info, s.Else, inSelect)
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			cc := c.(*ast.CommClause)
			if cc.Comm == nil || len(cc.Body) == 0 || !leaves(info, cc.Body[len(cc.Body)-1], true) {
				return false
			}
		}
		return true
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		return ok && code.IsPanic(info, call)
	}
	return false
}
