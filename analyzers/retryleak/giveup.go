package retryleak

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// The give-up return after a status-retry loop.
//
// A loop with no condition (for { ... }) that keeps each attempt's response in
// a variable declared outside it, and leaves only by a break that follows the
// send and its error check (if err != nil { ... return }), holds a live
// response after the loop. A return of an error after the loop that neither
// hands that response on nor closes its body first (if n >= max { return nil,
// errTooMany }) leaks the last attempt's connection on every exhausted retry.
// Not reported: a close, drain or other use of the response before the
// return, a deferred use of it anywhere in the function, a return under a
// resp == nil test, a break that can come before the send or its check.

// giveUpLeaks returns the returns after the region's loop that drop its live
// response, and that response.
func (c *checker) giveUpLeaks() ([]*ast.ReturnStmt, *types.Var) {
	loop, ok := c.r.Loop.(*ast.ForStmt)
	body := code.FuncBody(c.r.Func)
	if !ok || loop.Cond != nil || body == nil || !errorLast(c.info, c.r.Func) {
		return nil, nil
	}
	resp := c.liveAfter(loop)
	if resp == nil || c.deferUses(body, resp) {
		return nil, nil
	}
	var leaks []*ast.ReturnStmt
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		ret, isRet := n.(*ast.ReturnStmt)
		if isRet && ret.Pos() > loop.End() && c.dropsAfter(ret, resp, loop, stack) {
			leaks = append(leaks, ret)
		}
		return true
	})
	return leaks, resp
}

// liveAfter returns the response variable, declared outside loop, that holds
// a live response at every break of the loop.
func (c *checker) liveAfter(loop *ast.ForStmt) *types.Var {
	var resp *types.Var
	for i, s := range loop.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 2 {
			continue
		}
		if _, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !isCall || len(as.Rhs) != 1 {
			continue
		}
		v := c.responseVar(as.Lhs[0])
		errVar := code.VarOf(c.info, as.Lhs[1])
		if v == nil || v.Pos() >= loop.Pos() || errVar == nil || i+1 >= len(loop.Body.List) || !c.checkLeaves(loop.Body.List[i+1], errVar) {
			continue
		}
		if breaksBefore(loop.Body.List[:i+2]) || !c.keptOpenToBreaks(loop.Body.List[i+2:], v) {
			return nil
		}
		resp = v
		break
	}
	return resp
}

// checkLeaves reports whether s is if err != nil { ... return }.
func (c *checker) checkLeaves(s ast.Stmt, errVar *types.Var) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || !retryscope.TestsNotNil(c.info, ifs.Cond, errVar) || len(ifs.Body.List) == 0 {
		return false
	}
	_, ret := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
	return ret
}

// breaksBefore reports whether any of stmts holds a break of the loop.
func breaksBefore(stmts []ast.Stmt) bool {
	found := false
	for _, s := range stmts {
		forLoopBreaks(s, func(*ast.BranchStmt, []ast.Node) { found = true })
	}
	return found
}

// keptOpenToBreaks reports whether stmts hold a break of the loop, and resp is
// used only by reads on the way to it: any other use sits in a branch that
// ends by going round or returning, away from every break.
func (c *checker) keptOpenToBreaks(stmts []ast.Stmt, resp *types.Var) bool {
	breaks := 0
	open := true
	for _, s := range stmts {
		forLoopBreaks(s, func(*ast.BranchStmt, []ast.Node) { breaks++ })
		code.WalkStack(s, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if ok && c.info.Uses[id] == resp && !readsOnly(stack[len(stack)-2], id) && !inLeavingBranch(stack) {
				open = false
			}
			return open
		})
	}
	return breaks > 0 && open
}

// forLoopBreaks calls f for each unlabelled break in s that leaves the loop s
// sits in (not one of a nested loop, switch or select).
func forLoopBreaks(s ast.Stmt, f func(*ast.BranchStmt, []ast.Node)) {
	code.WalkStack(s, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.BREAK && n.Label == nil {
				f(n, stack)
			}
		}
		return true
	})
}

// inLeavingBranch reports whether the innermost block of stack ends with a
// continue or a return and holds no break.
func inLeavingBranch(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		b, ok := stack[i].(*ast.BlockStmt)
		if !ok || len(b.List) == 0 {
			continue
		}
		if breaksBefore(b.List) {
			return false
		}
		switch last := b.List[len(b.List)-1].(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			return last.Tok == token.CONTINUE
		}
		return false
	}
	return false
}

// dropsAfter reports whether ret, after loop, returns a non-nil error without
// the response, with nothing between the loop and it using the response but
// reads, and not under a test that the response is nil.
func (c *checker) dropsAfter(ret *ast.ReturnStmt, resp *types.Var, loop *ast.ForStmt, stack []ast.Node) bool {
	if len(ret.Results) == 0 || code.IsNil(c.info, ret.Results[len(ret.Results)-1]) || mentions(c.info, ret, resp) {
		return false
	}
	for i := 1; i < len(stack); i++ {
		if ifs, ok := stack[i-1].(*ast.IfStmt); ok && stack[i] == ifs.Body && testsNil(c.info, ifs.Cond, resp) {
			return false
		}
	}
	used := false
	code.WalkStack(code.FuncBody(c.r.Func), func(n ast.Node, st []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if ok && id.Pos() > loop.End() && id.Pos() < ret.Pos() && c.info.Uses[id] == resp && !readsOnly(st[len(st)-2], id) {
			used = true
		}
		return !used
	})
	return !used
}

// testsNil reports whether cond is resp == nil.
func testsNil(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	return code.VarOf(info, b.X) == v && code.IsNil(info, b.Y) || code.VarOf(info, b.Y) == v && code.IsNil(info, b.X)
}

func mentions(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// deferUses reports whether a defer in body uses v.
func (c *checker) deferUses(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if d, ok := n.(*ast.DeferStmt); ok && mentions(c.info, d, v) {
			found = true
		}
		return !found
	})
	return found
}

// errorLast reports whether fn's last result is an error.
func errorLast(info *types.Info, fn ast.Node) bool {
	var ft *ast.FuncType
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	}
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return false
	}
	t := info.TypeOf(ft.Results.List[len(ft.Results.List)-1].Type)
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// reportGiveUps reports each give-up return of the region once.
func (c *checker) reportGiveUps(p *lint.Pass, seen map[token.Pos]bool) {
	rets, resp := c.giveUpLeaks()
	for _, ret := range rets {
		if !seen[ret.Pos()] {
			seen[ret.Pos()] = true
			p.Reportf(ret, "the retry gives up here with an error and drops %s, the last attempt's response, without closing %s.Body: every exhausted retry leaks a connection; close it (drain it first to reuse the connection) before returning",
				resp.Name(), resp.Name())
		}
	}
}
