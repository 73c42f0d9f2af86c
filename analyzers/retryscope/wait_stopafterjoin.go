package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A channel closed only after a sync.WaitGroup's Wait cannot fire while a
// goroutine that WaitGroup counts still runs: Wait returns once every counted
// goroutine has called Done. A function that starts workers (wg.Go(f), or
// go f() with f calling wg.Done), waits for them and then closes a channel
// (wg.Wait(); close(done)) tells another goroutine, such as a progress
// printer, that the workers have finished. A wait in such a worker that
// ignores the channel ignores nothing. Another close of the channel (a Stop
// method, a signal handler), a close not after the Wait in the same
// statement list, or a wait in a goroutine the WaitGroup does not count
// leaves the channel a stop.

// closedOnlyAfterJoining reports whether the package closes v, and every
// close of v is a statement that follows wg.Wait() in its statement list,
// for a WaitGroup variable wg that counts holder, the goroutine holding the
// wait, started before that Wait by the function that closes v.
func (res *Result) closedOnlyAfterJoining(v *types.Var, holder ast.Node) bool {
	lit, ok := holder.(*ast.FuncLit)
	if !ok || res.funcs == nil {
		return false
	}
	closes := 0
	for _, call := range res.funcs.calls {
		if !code.IsBuiltinCall(res.info, call, "close") || len(call.Args) != 1 || code.Assigned(res.info, call.Args[0]) != v {
			continue
		}
		wg, wait := res.waitBefore(call)
		_, closer := enclosingFuncs(res.info, call)
		if wg == nil || closer == nil || !res.countedBy(lit, wg) || !encloses(closer, lit) || lit.Pos() > wait.Pos() {
			return false
		}
		closes++
	}
	return closes > 0
}

// waitBefore returns the WaitGroup variable of a wg.Wait() statement that
// comes before the statement call in the same block, and that statement.
func (res *Result) waitBefore(call *ast.CallExpr) (*types.Var, ast.Stmt) {
	path := code.TreeOf(res.info).Enclosing(call)
	if len(path) < 3 {
		return nil, nil
	}
	stmt, ok := path[1].(*ast.ExprStmt)
	block, inBlock := path[2].(*ast.BlockStmt)
	if !ok || !inBlock {
		return nil, nil
	}
	for _, s := range block.List {
		if s == ast.Stmt(stmt) {
			break
		}
		if es, ok := s.(*ast.ExprStmt); ok {
			if wg := res.waitGroupCall(es.X, "Wait"); wg != nil {
				return wg, s
			}
		}
	}
	return nil, nil
}

// countedBy reports whether the goroutine lit runs is counted by wg: it is
// started by wg.Go(lit), or by go lit() with a wg.Done() (deferred or not)
// among lit's own statements.
func (res *Result) countedBy(lit *ast.FuncLit, wg *types.Var) bool {
	path := code.TreeOf(res.info).Enclosing(lit)
	if len(path) < 3 {
		return false
	}
	call, ok := path[1].(*ast.CallExpr)
	if !ok {
		return false
	}
	if len(call.Args) == 1 && call.Args[0] == ast.Expr(lit) {
		return res.waitGroupCall(call, "Go") == wg
	}
	if _, isGo := path[2].(*ast.GoStmt); !isGo || call.Fun != ast.Expr(lit) {
		return false
	}
	for _, s := range lit.Body.List {
		var x ast.Expr
		switch s := s.(type) {
		case *ast.ExprStmt:
			x = s.X
		case *ast.DeferStmt:
			x = s.Call
		}
		if x != nil && res.waitGroupCall(x, "Done") == wg {
			return true
		}
	}
	return false
}

// waitGroupCall returns the variable wg of a call wg.<method>() of
// sync.WaitGroup, or nil.
func (res *Result) waitGroupCall(e ast.Expr, method string) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := code.Callee(res.info, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if fn == nil || !isSel || fn.FullName() != "(*sync.WaitGroup)."+method {
		return nil
	}
	v, _ := code.Assigned(res.info, sel.X).(*types.Var)
	return v
}
