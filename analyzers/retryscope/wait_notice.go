package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// NoticesCancel reports whether a region notices a cancellation between any
// two times it reaches the wait w, so that one goes unnoticed for one wait at
// most: the condition of its for loop, or a statement that comes before the
// wait in a block around it inside the round (so every round that waits runs
// it first), or a select whose clause holds the wait (it chose that clause
// over its stop case, select { case <-stop: return; default: ...; wait }),
// or in a loop one that comes after the wait with no jump between
// (so every round that waited runs it before the next), checks whether a
// context is done (ctx.Err() != nil, errors.Is(ctx.Err(), context.Canceled)),
// a signal channel is closed (a select case on ctx.Done() or on a chan
// struct{}) or the owner's stop signal is set (the condition that is the
// region's Bound.Owner: if s.closed, if s.state == stopped) and then leaves
// the region. A check made inside a called function, the attempt's own, is
// out of sight: no, except in a restart loop (Result.Restarts), whose
// component checks the stop every round and ends the loop on it, and in a
// loop whose owner's stop is its own read (loop_closestop.go: after Close the
// next read fails for good), which every round makes after its wait, and in a
// loop whose every round hands its context to an attempt whose error leaves
// unless it says "not found", for a wait of a second at most
// (poll_absencectx.go).
func (res *Result) NoticesCancel(r *Region, w *Wait) bool {
	if r.Restart || r.stopsAtOwnRead() {
		return true
	}
	if res.info == nil || r.Body == nil || w == nil || w.At == nil {
		return false
	}
	if res.waitSeenPast(r, w) {
		return true // poll_absencectx.go
	}
	ex := exits{info: res.info, owner: r.Bound.Owner}
	if r.Kind == LoopRegion {
		switch l := r.loopStmt().(type) {
		case *ast.ForStmt:
			if l.Cond != nil && (res.doneIs(l.Cond, nil, false) || ast.Node(l.Cond) == r.Bound.Owner) {
				return true
			}
			ex.loop = l
		case *ast.RangeStmt:
			ex.loop = l
		default:
			return false // a goto loop: its rounds need not start at the top
		}
	}
	path := code.TreeOf(res.info).Enclosing(w.At)
	top := -1
	for i, n := range path {
		if n == r.Body {
			top = i
			break
		}
	}
	after := r.Kind == LoopRegion // no jump seen yet after the wait
	for i := 1; i <= top; i++ {
		switch path[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false // several waits may come between two checks
		case *ast.CommClause:
			if sel, ok := path[min(i+2, top)].(*ast.SelectStmt); ok && res.checksCancel(sel, ex) {
				return true // the select chose this clause over its stop case
			}
		}
		for _, s := range code.StmtsBefore(path[i], path[i-1]) {
			if res.checksCancel(s, ex) {
				return true
			}
		}
		for _, s := range stmtsAfter(path[i], path[i-1]) {
			if !after {
				break
			}
			if res.checksCancel(s, ex) {
				return true
			}
			after = !mayBranch(s)
		}
	}
	return false
}

// stopsAtOwnRead reports whether the region's owner's stop is one of its
// attempts: the read of a closable source.
func (r *Region) stopsAtOwnRead() bool {
	call, ok := r.Bound.Owner.(*ast.CallExpr)
	return ok && slices.Contains(r.Attempts, call)
}

// stmtsAfter returns the statements of a block-like node that come after
// child, nearest first.
func stmtsAfter(block, child ast.Node) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range code.StmtList(block) {
		if s.Pos() > child.Pos() {
			out = append(out, s)
		}
	}
	return out
}

// mayBranch reports whether s holds a branch statement or a label: a
// continue, goto, break or fallthrough may skip the statements after s.
func mayBranch(s ast.Stmt) bool {
	found := false
	code.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.BranchStmt, *ast.LabeledStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

// exits says what leaves the region besides a return or a panic: a break
// that ends the region's loop (endsLoop), when the region is a loop.
type exits struct {
	info  *types.Info
	loop  ast.Stmt // the region's for or range statement, or nil
	owner ast.Node // the region's Bound.Owner
}

// checksCancel reports whether s leaves the region when its context is done:
// if ctx.Err() != nil { return }, or a select with a case on a signal channel
// (ctx.Done(), a chan struct{} closed on shutdown) that returns.
func (res *Result) checksCancel(s ast.Stmt, ex exits) bool {
	if l, ok := s.(*ast.LabeledStmt); ok {
		s = l.Stmt
	}
	switch s := s.(type) {
	case *ast.IfStmt:
		return (res.doneIs(s.Cond, s.Init, true) || ex.owner != nil && ast.Node(s.Cond) == ex.owner) && leavesRegion(s.Body, ex)
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			cc, ok := c.(*ast.CommClause)
			if ok && cc.Comm != nil && (res.signalReceive(cc.Comm) || res.stopReceive(cc.Comm)) && len(cc.Body) > 0 &&
				leavesRegion(&ast.BlockStmt{List: cc.Body}, ex) {
				return true
			}
		}
	}
	return false
}

// doneIs reports whether cond is want whenever the context it reads is done:
// ctx.Err() != nil is true then, ctx.Err() == nil false, through !, && and
// ||, and through a variable the if statement's init sets from ctx.Err().
func (res *Result) doneIs(cond ast.Expr, init ast.Stmt, want bool) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && res.doneIs(e.X, init, !want)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			if want {
				return res.doneIs(e.X, init, true) || res.doneIs(e.Y, init, true)
			}
			return res.doneIs(e.X, init, false) && res.doneIs(e.Y, init, false)
		case token.LAND:
			if want {
				return res.doneIs(e.X, init, true) && res.doneIs(e.Y, init, true)
			}
			return res.doneIs(e.X, init, false) || res.doneIs(e.Y, init, false)
		case token.NEQ, token.EQL:
			x, y := e.X, e.Y
			if code.IsNil(res.info, x) {
				x, y = y, x
			}
			return code.IsNil(res.info, y) && res.ctxErr(x, init) && (e.Op == token.NEQ) == want
		}
	case *ast.CallExpr:
		return want && res.isCanceled(e, init)
	}
	return false
}

// isCanceled reports whether call is errors.Is(ctx.Err(), context.Canceled),
// true once the context is cancelled.
func (res *Result) isCanceled(call *ast.CallExpr, init ast.Stmt) bool {
	fn := code.Callee(res.info, call)
	if !code.IsErrorsFunc(fn, "Is") || len(call.Args) != 2 {
		return false
	}
	target := code.NameIdent(call.Args[1])
	return target != nil && code.IsObject(res.info.Uses[target], "context", "Canceled") && res.ctxErr(call.Args[0], init)
}

// ctxErr reports whether e is ctx.Err(), or a variable init sets to it.
func (res *Result) ctxErr(e ast.Expr, init ast.Stmt) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		as, ok := init.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, lhs := range as.Lhs {
			if l, ok := lhs.(*ast.Ident); ok && l.Name == id.Name && code.VarOf(res.info, l) == code.VarOf(res.info, id) {
				return res.ctxErr(as.Rhs[i], nil)
			}
		}
		return false
	}
	return isContextErr(res.info, ast.Unparen(e))
}

// signalReceive reports whether a select case receives from a channel that
// carries no values, only its closing: ctx.Done(), a stop or close channel.
func (res *Result) signalReceive(comm ast.Stmt) bool {
	x, _ := receivedChan(comm)
	if x == nil {
		return false
	}
	ch, ok := code.Underlying(res.info, x).(*types.Chan)
	if !ok {
		return false
	}
	st, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// leavesRegion reports whether a block ends by leaving the region: a return,
// a call of the builtin panic, or a break that ends the region's loop.
func leavesRegion(b *ast.BlockStmt, ex exits) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return ex.loop != nil && endsLoop(ex.info, ex.loop, s)
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		return ok && code.IsPanic(ex.info, call)
	}
	return false
}
