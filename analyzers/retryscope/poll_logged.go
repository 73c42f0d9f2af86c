package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A poll condition may look at a call's error only to log it: if err :=
// refresh(); err != nil { log(err) } falls through to the same answer
// either way, so the error decides nothing and the condition holds it no
// more than it holds a dropped one. The error must stay in the if statement
// (declared in its init, handed only to calls, never assigned, sent or
// returned) and the branch must not leave (no return, no branch statement,
// no else). The calls in a literal handed to a call whose error nobody
// reads (runLocked(mu, func() error { return c.sync() })) reach the
// condition only through that call: their errors are dropped with it.

// addLoggedCalls adds to dropped the calls in body whose error is only
// logged, then the calls in literals handed to any dropped call.
func addLoggedCalls(info *types.Info, body *ast.BlockStmt, dropped map[*ast.CallExpr]bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.IfStmt); ok {
			if call := loggedOnlyCall(info, s); call != nil {
				dropped[call] = true
			}
		}
		return true
	})
	calls := make([]*ast.CallExpr, 0, len(dropped))
	for call := range dropped {
		calls = append(calls, call)
	}
	for _, call := range calls {
		for _, arg := range call.Args {
			if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
				dropAll(lit.Body, dropped)
			}
		}
	}
}

// loggedOnlyCall returns the call of if err := call(); err != nil { ... }
// when the branch only looks at err, or nil.
func loggedOnlyCall(info *types.Info, s *ast.IfStmt) *ast.CallExpr {
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || s.Else != nil || init.Tok != token.DEFINE || len(init.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(init.Rhs[0]).(*ast.CallExpr)
	v := code.VarOf(info, init.Lhs[len(init.Lhs)-1])
	if !ok || v == nil || !code.IsError(v.Type()) || !testsNotNil(info, s.Cond, v) || !onlyLooksAt(info, s.Body, v) {
		return nil
	}
	return call
}

// onlyLooksAt reports whether a branch neither leaves nor keeps v: no
// return or branch statement, and no assignment, send, go or defer that
// mentions v.
func onlyLooksAt(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			ok = false
		case *ast.AssignStmt, *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt:
			if mentions(info, n, []types.Object{v}) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

func dropAll(body *ast.BlockStmt, dropped map[*ast.CallExpr]bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			dropped[call] = true
		}
		return true
	})
}
