package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A context its owner cancels. A component that runs a long call (a
// subscription's Receive, a server's Serve) often makes a context of its own
// and hands its cancel function to its stop signal:
//
//	ctx, cancel := context.WithCancel(context.Background())
//	go func() { <-s.stop; cancel() }()
//
// or keeps cancel in a field that its Stop or Close calls (s.cancel = cancel;
// func (s *S) Stop() { s.cancel() }). That context ends when the owner stops,
// as one the owner holds in a field does: it is the owner's stop signal
// (ownerValue). A goroutine that cancels on a channel handed in as a
// parameter cancels on the caller's signal, and a cancel function that
// nothing but a defer calls ends the context only when the function returns:
// neither is an owner's stop.
//
// An owner's stop channel may also come from a method of the owner that
// returns it (<-s.StopChan()): a method without arguments, of a value that is
// not a parameter, whose one result is a channel.

// cancelledByOwner reports whether every assignment of the context variable v
// in the function (a declaration without a value aside) is a
// context.WithCancel (or a form of it) whose cancel function the owner's stop
// calls.
func (f *flow) cancelledByOwner(v *types.Var, depth int) bool {
	n := 0
	for _, d := range code.DefsOf(f.info, v) {
		if !f.ownDef(d) || d.Value == nil && d.Op == token.VAR {
			continue // var ctx context.Context: set by the assignments that follow
		}
		cancel := cancelOf(f.info, d)
		if cancel == nil || !f.ownerCalls(cancel, depth) {
			return false
		}
		n++
	}
	return n > 0
}

// A function that makes a context with context.WithCancel and returns its
// cancel function hands the stop to its caller (an Open that streams a
// download in a goroutine and returns the cancel with the reader): whoever
// gets it ends the context, as a caller ends a context it passes in. A
// cancel function that is only deferred or called in the function ends the
// context when the function is done, and bounds nothing before.

// CancelReturned reports whether every assignment of the context variable v
// (a declaration without a value aside) is a context.WithCancel (or a form
// of it) whose cancel function, a local variable, is a result of a return
// of the function that makes it (not of a function literal inside it).
func CancelReturned(info *types.Info, v *types.Var) bool {
	n := 0
	for _, d := range code.DefsOf(info, v) {
		if d.Value == nil && d.Op == token.VAR {
			continue
		}
		cancel := code.VarOf(info, cancelOf(info, d))
		if cancel == nil || d.Func == nil || !returnsVar(info, d.Func, cancel) {
			return false
		}
		n++
	}
	return n > 0
}

// returnsVar reports whether a return statement of fn (a *ast.FuncDecl or
// *ast.FuncLit; those of literals inside it aside) has v as a result.
func returnsVar(info *types.Info, fn ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit != fn || found {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok {
			for _, r := range ret.Results {
				found = found || code.VarOf(info, r) == v
			}
		}
		return true
	})
	return found
}

// cancelOf returns where d, an assignment of a context, puts the cancel
// function of the same call (ctx, cancel := context.WithCancel(parent):
// cancel; ctx, s.cancel = ...: s.cancel), nil for any other assignment.
func cancelOf(info *types.Info, d code.Def) ast.Expr {
	as, ok := d.Stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Lhs[0] != d.Lhs {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if makes, parent := DeadlineCall(info, call); !makes && parent == nil || !IsContext(info.TypeOf(as.Lhs[0])) {
		return nil
	}
	return as.Lhs[1]
}

// ownerCalls reports whether the owner's stop calls the cancel function held
// in cancel: a field of an owner that the package calls, or a local variable
// that a goroutine started in the function calls on an owner's stop, or that
// the function stores in such a field.
func (f *flow) ownerCalls(cancel ast.Expr, depth int) bool {
	body := f.declaringBody(code.Root(f.info, cancel, code.ThroughIndex))
	if body == nil {
		return false
	}
	if sel, ok := ast.Unparen(cancel).(*ast.SelectorExpr); ok {
		return f.ownerValue(sel, depth+1) && f.res.fieldCalledOutside(f.info, sel, body)
	}
	v := code.VarOf(f.info, cancel)
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			if lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit); ok {
				found = f.cancelsOnStop(lit.Body, v, depth)
			}
		}
		return !found
	})
	if found {
		return true
	}
	for _, d := range code.DefsIn(f.info, body.Pos(), body.End()) {
		sel, isSel := ast.Unparen(d.Lhs).(*ast.SelectorExpr)
		if isSel && d.Value != nil && code.VarOf(f.info, d.Value) == v && f.ownerValue(sel, depth+1) && f.res.fieldCalledOutside(f.info, sel, body) {
			return true
		}
	}
	return false
}

// declaringBody returns the body of the function (f's or one around it) that
// declares v, nil when none does (a receiver or parameter is declared outside
// the body: the body of f's outermost function then).
func (f *flow) declaringBody(obj types.Object) *ast.BlockStmt {
	v, ok := obj.(*types.Var)
	if !ok || v == nil {
		return nil
	}
	var outer *ast.BlockStmt
	for fn := f.fn; fn != nil; fn = fn.parent {
		if fn.body != nil && fn.body.Pos() <= v.Pos() && v.Pos() < fn.body.End() {
			return fn.body
		}
		if fn.body != nil {
			outer = fn.body
		}
	}
	return outer
}

// cancelsOnStop reports whether a goroutine's body calls cancel once an
// owner's stop channel fires: a receive from it (a statement, or a select
// case whose body does not leave) followed by cancel() in the same list or a
// deferred cancel(), or a select case on it whose body calls cancel().
func (f *flow) cancelsOnStop(body *ast.BlockStmt, cancel *types.Var, depth int) bool {
	deferred, stopped := false, false
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.DeferStmt:
			deferred = deferred || callsVar(f.info, st.Call, cancel)
		case *ast.ExprStmt:
			if stopped && callsVar(f.info, st.X, cancel) {
				return true
			}
			stopped = stopped || f.ownerReceive(st, depth)
		case *ast.SelectStmt:
			stopped = stopped || f.stopCase(st, cancel, depth) == stopFalls
		}
	}
	if deferred && stopped {
		return true
	}
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectStmt); ok {
			found = f.stopCase(sel, cancel, depth) == stopCancels
		}
		return !found
	})
	return found
}

// What a select's case on an owner's stop channel does.
const (
	stopNone    = iota // no such case, or it leaves without cancelling
	stopCancels        // its body calls cancel()
	stopFalls          // its body neither cancels nor leaves: the code after the select runs
)

func (f *flow) stopCase(sel *ast.SelectStmt, cancel *types.Var, depth int) int {
	for _, s := range sel.Body.List {
		cc, ok := s.(*ast.CommClause)
		if !ok || cc.Comm == nil || !f.ownerReceive(cc.Comm, depth) {
			continue
		}
		leaves := false
		for _, st := range cc.Body {
			if es, ok := st.(*ast.ExprStmt); ok && callsVar(f.info, es.X, cancel) {
				return stopCancels
			}
			switch st.(type) {
			case *ast.ReturnStmt, *ast.BranchStmt:
				leaves = true
			}
		}
		if !leaves {
			return stopFalls
		}
	}
	return stopNone
}

// ownerReceive reports whether st receives from an owner's channel and drops
// the value (<-s.stop, _ = <-s.stop, v, ok := <-s.stop is data).
func (f *flow) ownerReceive(st ast.Stmt, depth int) bool {
	ch, kept := receivedChan(st)
	return ch != nil && !kept && f.ownerChan(ch, depth+1)
}

// ownerChan reports whether e is a channel an owner holds: a field of an
// owner (ownerValue), or the result of a method of an owner that takes no
// argument and returns one channel (s.StopChan()); a context's Done is its
// context's, judged by the caller (ownerStop asks about the context).
func (f *flow) ownerChan(e ast.Expr, depth int) bool {
	if f.ownerValue(e, depth) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 || askedContext(f.info, call) != nil {
		return false // ctx.Done() is the context's: ownerValue judged it
	}
	if _, isChan := code.Underlying(f.info, call).(*types.Chan); !isChan {
		return false
	}
	v, ok := code.MethodRoot(f.info, call, code.ThroughIndex|code.PkgVars)
	return ok && !f.isParam(v)
}

// callsVar reports whether e is a call of the function variable v.
func callsVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && code.VarOf(info, call.Fun) == v
}

// fieldCalledOutside reports whether the package calls the function held in
// the field sel selects (s.cancel()) outside body: another method (Stop,
// Close) cancels, not the function's own defer.
func (res *Result) fieldCalledOutside(info *types.Info, sel *ast.SelectorExpr, body ast.Node) bool {
	field, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || !field.IsField() {
		return false
	}
	for _, call := range res.funcs.calls {
		if call.Pos() >= body.Pos() && call.Pos() < body.End() {
			continue
		}
		if s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Uses[s.Sel] == field {
			return true
		}
	}
	return false
}

// A retry loop leaves when its attempt succeeds. When the attempt is handed a
// context its owner ends, the owner's stop reaches the loop through the
// attempt: a long call (a subscription's Receive, a server's Serve) ends its
// work when its context is done, and may then return success, ending the
// loop. Whether it does, or returns an error the loop goes round on, is the
// callee's, out of sight: "no bound" is no claim to make. The loop itself
// never reads the stop, so it is no StoppedByOwner region: the rules that
// spare an owner's loop for what it is (a component's retry for its
// lifetime) judge it as any loop. A poll is not ended this way: a call that
// returns after its context is done answers "not yet" or fails, and the poll
// goes round either way.

// AttemptStoppedByOwner reports whether an attempt of the region is handed a
// context its owner ends (Bound.OwnerContext).
func (r *Region) AttemptStoppedByOwner() bool { return r.Bound.OwnerContext != nil }

// ownerContextOf returns the first context argument of the calls that an
// owner ends (ownerValue), nil when none is.
func (f *flow) ownerContextOf(calls []*ast.CallExpr) ast.Expr {
	for _, call := range calls {
		for _, arg := range call.Args {
			if IsContext(f.info.TypeOf(arg)) && f.ownerValue(arg, 0) {
				return arg
			}
		}
	}
	return nil
}
