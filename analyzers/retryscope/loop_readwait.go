package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A read loop whose deadline is its pause:
//
//	for {
//		if !end.IsZero() && time.Now().After(end) {
//			return
//		}
//		conn.SetReadDeadline(end)
//		err := dec.ReadMsg(&m)
//		if errors.Is(err, os.ErrDeadlineExceeded) {
//			continue
//		}
//		...
//	}
//
// A loop that arms a read deadline on every pass before it reads blocks in
// the read until data arrives or the deadline passes: a read that timed out
// waited, and going round arms the deadline again. The reader need not be
// the connection itself (a decoder over it), but both must hang off the same
// variable. The deadline must lie ahead: time.Now().Add(d) with d not a
// constant at or below 0, or a time the round leaves on once it is past (an
// earlier if of the round's body, testing time.Now().After(end), and at most
// that end is not zero, that leaves the loop). The arm may be the package's
// own function that passes its parameter to SetReadDeadline. A deadline
// armed on some passes only, one that may already have passed, or a read
// with no deadline armed in the loop proves no wait.

// readsArmed reports whether call, a read of the next item, is preceded in
// every round of l by a read deadline armed on the value it reads from.
func (f *flow) readsArmed(l *loop, call *ast.CallExpr) bool {
	fn := code.Callee(f.info, call)
	if fn == nil || fn.Signature().Recv() == nil || !readName(exported(fn.Name())) {
		return false
	}
	if _, ok := f.readArgs(call); !ok {
		return false
	}
	root, ok := code.MethodRoot(f.info, call, 0)
	body, isBlock := loopBody(l.stmt).(*ast.BlockStmt)
	if !ok || !isBlock {
		return false
	}
	for i, s := range body.List {
		if s.Pos() <= call.Pos() && call.End() <= s.End() {
			return false
		}
		if f.armsDeadline(s, root, body.List[:i]) {
			return true
		}
	}
	return false
}

// armsDeadline reports whether statement s arms a read deadline ahead on a
// value rooted at root, given the statements of the round before it.
func (f *flow) armsDeadline(s ast.Stmt, root *types.Var, before []ast.Stmt) bool {
	e := code.StmtValue(s)
	if ifs, ok := s.(*ast.IfStmt); ok && ifs.Init != nil {
		e = code.StmtValue(ifs.Init)
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	if r, _ := code.MethodRoot(f.info, call, 0); r != root {
		return false
	}
	deadline := f.armedDeadline(call)
	return deadline != nil && (aheadOfNow(f.info, deadline) != nil || f.leavesPast(before, deadline))
}

// armedDeadline returns the time call arms as a read deadline: the argument
// of SetReadDeadline or SetDeadline, or the argument a function of this
// package passes on to one as a statement of its body (or its return).
func (f *flow) armedDeadline(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 {
		return nil
	}
	if setsReadDeadline(call) {
		return call.Args[0]
	}
	fn := code.Callee(f.info, call)
	if fn == nil || fn.Signature().Params().Len() != 1 {
		return nil
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil {
		return nil
	}
	param := fn.Signature().Params().At(0)
	for _, s := range node.body.List {
		e := code.StmtValue(s)
		if ret, isRet := s.(*ast.ReturnStmt); isRet && len(ret.Results) == 1 {
			e = ret.Results[0]
		}
		inner, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(inner.Args) != 1 {
			continue
		}
		if setsReadDeadline(inner) && code.VarOf(f.info, inner.Args[0]) == param {
			return call.Args[0]
		}
	}
	return nil
}

// leavesPast reports whether one of the statements is an if that leaves the
// loop once deadline has passed: its condition tests time.Now().After of it,
// besides at most that it is not zero (no deadline: the read blocks).
func (f *flow) leavesPast(stmts []ast.Stmt, deadline ast.Expr) bool {
	same := func(e ast.Expr) bool {
		return types.ExprString(ast.Unparen(e)) == types.ExprString(ast.Unparen(deadline))
	}
	for _, s := range stmts {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Init != nil || len(ifs.Body.List) == 0 || !leaves(ifs.Body.List[len(ifs.Body.List)-1]) {
			continue
		}
		if f.onlyClockTests(ifs.Cond, same) {
			return true
		}
	}
	return false
}

// onlyClockTests reports whether every conjunct of cond is
// time.Now().After(d) or !d.IsZero() for the same d, and one is the former.
func (f *flow) onlyClockTests(cond ast.Expr, same func(ast.Expr) bool) bool {
	after := false
	for _, c := range code.Conjuncts(cond) {
		switch {
		case f.nowAfter(c, same):
			after = true
		case !notZeroTime(c, same):
			return false
		}
	}
	return after
}

// nowAfter reports whether e is time.Now().After(d) with same(d).
func (f *flow) nowAfter(e ast.Expr, same func(ast.Expr) bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !isMethodNamed(call, "After") || !same(call.Args[0]) {
		return false
	}
	recv, ok := code.MethodRecv(f.info, call)
	now, isCall := ast.Unparen(recv).(*ast.CallExpr)
	return ok && isCall && code.IsObject(code.Callee(f.info, now), "time", "Now")
}

// notZeroTime reports whether e is !d.IsZero() with same(d).
func notZeroTime(e ast.Expr, same func(ast.Expr) bool) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.NOT {
		return false
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	return isMethodNamed(call, "IsZero") && same(call.Fun.(*ast.SelectorExpr).X)
}

// setsReadDeadline reports whether call is x.SetReadDeadline(t) or
// x.SetDeadline(t).
func setsReadDeadline(call *ast.CallExpr) bool {
	return len(call.Args) == 1 && (isMethodNamed(call, "SetReadDeadline") || isMethodNamed(call, "SetDeadline"))
}

// isMethodNamed reports whether call is x.name(...).
func isMethodNamed(call *ast.CallExpr, name string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name
}
