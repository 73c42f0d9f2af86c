package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A call that waits for its own work is no pause.
//
// A function may start its work in a goroutine and wait for the result with
// a timeout:
//
//	done := make(chan bool, 1)
//	go func() { done <- ask() }()
//	select {
//	case <-time.After(timeout):
//		return false, errTimeout
//	case r := <-done:
//		return r, nil
//	}
//
// Its select returns as soon as the work does: it bounds the call, it paces
// nothing, and a loop calling it goes round when the answer comes. The proof:
// every select of the function (without a default) receives only from a
// channel a goroutine literal of the function sends on, or from a timer's
// channel (time.After, a variable holding one, ctx.Done()); the function has
// no other receive, no sleep and no call named like a wait; and the
// goroutines that send have no wait of their own (no select without a
// default, receive, sleep, timer or call named like a wait). Only the reading
// of loops that go round at once asks it (poll_spin.go).

// pausesNever reports whether no wait of loop l pauses: each is a call of a
// function of the package that waits only for its own work.
func (f *flow) pausesNever(l *loop) bool {
	for _, w := range f.waits(l) {
		if w.Call == nil || w.At != w.Call {
			return false
		}
		fn := code.Callee(f.info, w.Call)
		if fn == nil {
			return false
		}
		callee := f.res.funcs.byObj[fn.Origin()]
		if callee == nil || callee == f.fn || !f.awaitsOwnWork(callee) {
			return false
		}
	}
	return true
}

// awaitsOwnWork reports whether fn's only waits wait for work it starts.
func (f *flow) awaitsOwnWork(fn *funcNode) bool {
	if fn.body == nil {
		return false // declared without a body (assembly): out of reach
	}
	work := f.workChannels(fn)
	if len(work) == 0 {
		return false
	}
	timers := f.timerVars(fn)
	ok, awaited := true, false
	walkBody(f.info, fn.body, []ast.Node{(*ast.SelectStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt:
			for _, c := range n.Body.List {
				ch := code.RecvChan(c.(*ast.CommClause).Comm)
				isRecv := ch != nil
				switch {
				case c.(*ast.CommClause).Comm == nil:
				case isRecv && work[f.chanVar(ch)]:
					awaited = true
				case !isRecv || !f.timerChannel(ch, timers):
					ok = false
				}
			}
			for _, c := range n.Body.List {
				for _, s := range c.(*ast.CommClause).Body {
					ok = ok && !f.waitsIn(s)
				}
			}
			return false
		case *ast.UnaryExpr:
			ok = ok && (n.Op != token.ARROW || work[f.chanVar(n.X)])
			awaited = awaited || (n.Op == token.ARROW && work[f.chanVar(n.X)])
		case *ast.CallExpr:
			ok = ok && !f.pausesAt(n)
		}
		return ok
	})
	return ok && awaited
}

// workChannels returns the channel variables of fn that a goroutine literal
// of fn sends on, when no such goroutine waits itself.
func (f *flow) workChannels(fn *funcNode) map[types.Object]bool {
	work := make(map[types.Object]bool)
	ok := true
	code.Inspect(fn.body, func(n ast.Node) bool {
		g, isGo := n.(*ast.GoStmt)
		if !isGo {
			return ok
		}
		lit, isLit := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
		if !isLit {
			return ok
		}
		ok = ok && !f.waitsIn(lit.Body)
		code.Inspect(lit.Body, func(m ast.Node) bool {
			if s, isSend := m.(*ast.SendStmt); isSend {
				if v := f.chanVar(s.Chan); v != nil && !withinNode(lit, v) {
					work[v] = true
				}
			}
			return true
		})
		return ok
	})
	if !ok {
		return nil
	}
	return work
}

// withinNode reports whether obj is declared inside n.
func withinNode(n ast.Node, obj types.Object) bool {
	return n.Pos() <= obj.Pos() && obj.Pos() < n.End()
}

// waitsIn reports whether code under n waits itself: a select without a
// default, a receive, a sleep or timer, a call named like a wait.
func (f *flow) waitsIn(n ast.Node) bool {
	found := BlocksOnChannel(f.info, n)
	code.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			found = found || f.pausesAt(call)
		}
		return !found
	})
	return found
}

// pausesAt reports whether call sleeps, arms a timer or is named like a
// wait; time.After only hands back a channel, which a receive waits on.
func (f *flow) pausesAt(call *ast.CallExpr) bool {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	_, waits := timeWaits[fn.FullName()]
	return (waits && fn.FullName() != "time.After") || namedWait(fn)
}

// timerVars returns the variables of fn assigned a time.After channel.
func (f *flow) timerVars(fn *funcNode) map[types.Object]bool {
	out := make(map[types.Object]bool)
	walkBody(f.info, fn.body, assignKinds, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, rhs := range as.Rhs {
			if f.isAfter(rhs) {
				if v := f.chanVar(as.Lhs[i]); v != nil {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// isAfter reports whether e is a call of time.After.
func (f *flow) isAfter(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(f.info, call)
	return fn != nil && fn.FullName() == "time.After"
}

// timerChannel reports whether ch fires on a clock or a cancellation:
// time.After, a variable holding one, ctx.Done().
func (f *flow) timerChannel(ch ast.Expr, timers map[types.Object]bool) bool {
	if f.isAfter(ch) || timers[f.chanVar(ch)] {
		return true
	}
	call, ok := ast.Unparen(ch).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(f.info, call)
	return fn != nil && fn.Name() == "Done" && fn.Pkg() != nil && fn.Pkg().Path() == "context"
}

// chanVar returns the variable e names, or nil.
func (f *flow) chanVar(e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.info.ObjectOf(id).(*types.Var)
	if v == nil {
		return nil
	}
	return v
}
