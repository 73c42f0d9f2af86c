package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A verdict helper's context. A loop that leaves when a function of its
// package answers "stop" (ok, e := shouldRetry(ctx, err); if !ok { return }),
// tested directly or through the variable the call fills, ends with a
// context the helper watches when the helper cannot answer "go on" once that
// context is done: every "go on" answer is given in a select that also has a
// case <-ctx.Done() answering "stop" (select { case <-ctx.Done(): return
// false; case <-time.After(d): return true }). Its "stop" answers elsewhere
// (a permanent error) only end the loop sooner. The loop is then bounded by
// the context it hands the helper, as by a ctx.Done() case of its own: with a
// deadline when that context has one, else by its caller's. A helper that
// answers "go on" outside such a select, or on ctx.Done() itself, or one the
// package does not hold (a func value, an interface), bounds nothing. So does
// a helper whose first statement answers "stop" when ctx.Err() is set (a
// halt predicate: `if ctx.Err() != nil { return true }`, then a test of the
// error): it gives every later answer while the context is live
// (stopsFirstOnErr).

// helperContext returns the context argument of such a helper call that the
// condition of blk tests, when one side of blk leaves the loop, or nil.
func (f *flow) helperContext(l *loop, blk *cfg.Block, cond ast.Expr) ast.Expr {
	none := func(*cfg.Block) *outcomeCheck { return nil }
	leavesTrue, leavesFalse := f.alwaysLeaves(l, blk.Succs[0], none), f.alwaysLeaves(l, blk.Succs[1], none)
	if leavesTrue == leavesFalse {
		return nil
	}
	stopWhen := leavesTrue
	cond = ast.Unparen(cond)
	for {
		u, ok := cond.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		cond, stopWhen = ast.Unparen(u.X), !stopWhen
	}
	stopAnswer := strconv.FormatBool(stopWhen)
	if errVar, stopsOnError := errorTest(cond, stopWhen); errVar != nil {
		if !stopsOnError {
			return nil
		}
		cond, stopAnswer = errVar, "error" // wait_errhelperctx.go
	}
	call, at := f.answeringCall(cond)
	if call == nil || call.Ellipsis.IsValid() {
		return nil
	}
	helper, sig := f.answeringHelper(call)
	if helper == nil || helper.body == nil || at >= sig.Results().Len() || !answerType(sig.Results().At(at).Type(), stopAnswer) {
		return nil
	}
	params := helper.params(f.info)
	for i := range min(len(params), len(call.Args)) {
		p := params[i]
		if p != nil && IsContext(p.Type()) && (goesOnOnlyBesideDone(f.info, helper.body, p, at, stopAnswer) || stopsFirstOnErr(f.info, helper.body, p, at, stopAnswer)) {
			return call.Args[i]
		}
	}
	return nil
}

// answeringCall returns the call whose result cond is (a call, or a local
// variable one call fills: ok, err := helper(ctx, err)) and that result's
// index.
func (f *flow) answeringCall(cond ast.Expr) (*ast.CallExpr, int) {
	if call, ok := cond.(*ast.CallExpr); ok {
		return call, 0
	}
	if id, ok := cond.(*ast.Ident); ok {
		v, _ := f.info.Uses[id].(*types.Var)
		return code.FilledBy(f.info, v)
	}
	return nil, 0
}

// goesOnOnlyBesideDone reports whether every return of body that does not
// answer stop in result at stands in a select with a case <-ctx.Done() whose
// returns all answer stop, and there is such a select.
func goesOnOnlyBesideDone(info *types.Info, body *ast.BlockStmt, ctx *types.Var, at int, stopAnswer string) bool {
	says := func(n ast.Node) bool { // every return in n answers stop, and n has one
		found, all := false, true
		code.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found, all = true, all && answer(info, m, at) == stopAnswer
			}
			return true
		})
		return found && all
	}
	var guarded []*ast.SelectStmt
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			for _, c := range n.Body.List {
				if cc, ok := c.(*ast.CommClause); ok && receivesDone(info, cc.Comm, ctx) && says(cc) {
					guarded = append(guarded, n)
				}
			}
		}
		return true
	})
	if len(guarded) == 0 {
		return false
	}
	ok := true
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if answer(info, n, at) != stopAnswer && !inSelect(n, guarded) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// receivesDone reports whether a select case receives from ctx.Done() of the
// context variable ctx.
func receivesDone(info *types.Info, comm ast.Stmt, ctx *types.Var) bool {
	es, ok := comm.(*ast.ExprStmt)
	return ok && doneOf(info, es.X) == types.Object(ctx)
}

func inSelect(n ast.Node, outer []*ast.SelectStmt) bool {
	for _, o := range outer {
		if o.Pos() <= n.Pos() && n.End() <= o.End() {
			return true
		}
	}
	return false
}

// stopsFirstOnErr reports whether body begins with a test of ctx.Err()
// that answers stop (`if ctx != nil && ctx.Err() != nil { return true }`):
// every later answer is given while the context is still live, so the
// helper says stop once the context ends, whatever it says of the error
// (a gRPC code test after it). Decided on T2 (a halt predicate that reads
// its caller's context first).
func stopsFirstOnErr(info *types.Info, body *ast.BlockStmt, ctx *types.Var, at int, stopAnswer string) bool {
	if len(body.List) == 0 {
		return false
	}
	first, ok := body.List[0].(*ast.IfStmt)
	if !ok || first.Init != nil || first.Else != nil || len(first.Body.List) != 1 {
		return false
	}
	ret, ok := first.Body.List[0].(*ast.ReturnStmt)
	if !ok || answer(info, ret, at) != stopAnswer {
		return false
	}
	for _, term := range code.Conjuncts(first.Cond) {
		if ctxErrSet(info, term, ctx) {
			return true
		}
	}
	return false
}

// ctxErrSet reports whether e is ctx.Err() != nil.
func ctxErrSet(info *types.Info, e ast.Expr, ctx *types.Var) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && b.Op == token.NEQ && code.IsNil(info, b.Y) && isErrOf(info, b.X, []types.Object{ctx})
}
