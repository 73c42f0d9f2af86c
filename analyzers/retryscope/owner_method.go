package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A component often wraps its stop in a small method and its loops ask that
// method, not the field: `if c.isStopped() { return }` with
// `func (c *C) isStopped() bool { return atomic.LoadInt32(&c.closed) != 0 }`,
// or `if !r.IsAvailable() { return }` with a select on `<-r.done` and a
// default. Such a method reads the owner's stop exactly as the field read
// inline does, so the condition is the owner's stop. The method must be one
// of the package, called without arguments on an owner (the receiver, a
// local; not a parameter, whose stop is the caller's), and its body must be
// only that read of its own receiver's stop, under a mutex or not: a method that also does I/O
// (`return c.ping() != nil`) or reads another object's flag is no stop.

// ownerStopMethod reports whether cond, negated or not, calls such a method.
func (f *flow) ownerStopMethod(cond ast.Expr) bool {
	call, ok := ast.Unparen(unNot(cond)).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 || !isBool(f.info.TypeOf(call)) || !f.calledOnOwner(call) {
		return false
	}
	callee := f.packageCallee(call)
	if callee == nil || callee == f.fn {
		return false
	}
	g := &flow{pass: f.pass, info: f.info, res: f.res, fn: callee}
	recv, last := receiverOf(callee), lockedRead(f.info, g.withoutFlagLocals(callee.body.List))
	if recv == nil || last == nil {
		return false
	}
	switch s := last.(type) {
	case *ast.ReturnStmt:
		return len(s.Results) == 1 && g.receiverFlag(s.Results[0], recv)
	case *ast.SelectStmt:
		return g.selectsReceiverStop(s, recv)
	}
	return false
}

// lockedRead returns the last statement of body when every one before it
// takes or releases a mutex (c.mu.Lock(); defer c.mu.Unlock()), nil
// otherwise.
func lockedRead(info *types.Info, body []ast.Stmt) ast.Stmt {
	if len(body) == 0 {
		return nil
	}
	for _, st := range body[:len(body)-1] {
		var call *ast.CallExpr
		switch st := st.(type) {
		case *ast.ExprStmt:
			call, _ = ast.Unparen(st.X).(*ast.CallExpr)
		case *ast.DeferStmt:
			call = st.Call
		}
		if call == nil {
			return nil
		}
		if fn := code.Callee(info, call); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" || !lockMethod[fn.Name()] {
			return nil
		}
	}
	return body[len(body)-1]
}

var lockMethod = map[string]bool{"Lock": true, "Unlock": true, "RLock": true, "RUnlock": true}

// receiverFlag reports whether e, negated or not, reads a stop flag of recv:
// a field named for stopping (c.closed, c.stopped.Load(),
// atomic.LoadInt32(&c.closed) != 0, compared with a constant or not), or a
// state field compared with a constant named for stopping (c.state ==
// stopped).
func (f *flow) receiverFlag(e ast.Expr, recv *types.Var) bool {
	e = ast.Unparen(unNot(e))
	named := false
	if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
		switch {
		case stopConst(f.info, b.Y), stopConst(f.info, b.X) && !isConstant(f.info, b.Y):
			named, e = true, b.X
			if stopConst(f.info, b.X) {
				e = b.Y
			}
		case isConstant(f.info, b.Y):
			e = b.X
		case isConstant(f.info, b.X):
			e = b.Y
		default:
			return false
		}
	} else if !isBool(f.info.TypeOf(e)) {
		return false
	}
	if local := f.flagLocalValue(e); local != nil {
		e = local // owner_methodlocal.go
	}
	sel := f.flagRead(e)
	return sel != nil && code.Root(f.info, sel, code.ThroughIndex) == recv && (named || stopFlagName.MatchString(sel.Sel.Name))
}

// flagRead returns the owner field e reads: the field itself, its Load
// method (c.closed.Load()) or a sync/atomic Load of its address
// (atomic.LoadInt32(&c.closed)); nil otherwise.
func (f *flow) flagRead(e ast.Expr) *ast.SelectorExpr {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		fn := code.Callee(f.info, call)
		addr, isAddr := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" || !isAddr || addr.Op != token.AND {
			return nil
		}
		e = addr.X
	}
	return f.ownerField(nil, e)
}

// selectsReceiverStop reports whether s is a select with a receive from a
// stop of recv and a default, each returning one constant.
func (f *flow) selectsReceiverStop(s *ast.SelectStmt, recv *types.Var) bool {
	stop, dflt := false, false
	for _, st := range s.Body.List {
		cc := st.(*ast.CommClause)
		if len(cc.Body) != 1 {
			return false
		}
		ret, ok := cc.Body[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 || !isConstant(f.info, ret.Results[0]) {
			return false
		}
		switch {
		case cc.Comm == nil:
			dflt = true
		case f.receiverStop(cc.Comm, recv):
			stop = true
		default:
			return false
		}
	}
	return stop && dflt
}

// unNot returns the operand of a negation (!x), e itself otherwise.
func unNot(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return u.X
	}
	return e
}

func isBool(t types.Type) bool {
	return t != nil && types.Identical(t.Underlying(), types.Typ[types.Bool])
}

// isConstant reports whether e is a constant expression (0, 1, true).
func isConstant(info *types.Info, e ast.Expr) bool { return code.Const(info, e, nil) != nil }
