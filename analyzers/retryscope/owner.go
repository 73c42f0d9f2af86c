package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A long-lived component (a connection manager, a queue writer) runs
// background loops that reconnect or re-deliver until the component is
// closed: `for { if err := m.reconnect(); err == nil { return }; select {
// case <-m.done: return; case <-time.After(d): } }`. Such a loop is meant to
// keep trying for as long as its owner lives: the owner's Close is its bound,
// and a permanent error must not end the owner's work either. The owner's
// stop signal is a channel or a context the owner holds in a field
// (<-m.done, <-s.ctx.Done(), s.ctx.Err() != nil, or an error the if's init or
// the statement just before sets from s.ctx.Err()), or a closed flag field of
// the owner read in a condition that leaves the loop (if s.closed,
// s.stopped.Load()), or a state field of the owner compared with a constant
// named for stopping (if s.state == stopped): see owner_forms.go. A source
// the loop reads the next item from ends it when its holder closes it, if
// the loop goes round only on the read's temporary failures
// (loop_closestop.go).
//
// An owner is reached from a variable that is not a parameter of the
// retrying function or of a function around it: the receiver, a local, a
// package variable. A channel, a context or a struct handed in as a
// parameter is the caller's, whose lifetime the function does not know: a
// request's context, a quit channel of one call.

// StoppedByOwner reports whether a region retries for as long as its owner
// lives: an owner's stop signal ends it (Bound.Owner), and nothing else but
// success does (no counter, no deadline of the function's own, for a helper
// settings that remove every limit). A call of a forwarding wrapper whose
// loop is one is one too (Bound.Owner is the call). Its Close is the bound the rules would
// ask for, and classifying errors would end the owner's work on the first
// permanent one, which is the owner's decision.
func (r *Region) StoppedByOwner() bool {
	b := r.Bound
	if b.Owner == nil || r.Failover || b.DeadlineLocal || (b.Counter != nil && b.Counter != b.Owner) {
		return false
	}
	return r.Kind != CallbackRegion || b.Unbounded != nil || b.Owner == ast.Node(r.Helper.Call)
}

// stopFlagName matches the names of flags that say an owner has stopped.
var stopFlagName = regexp.MustCompile(`(?i)(clos|stop|shut|quit|exit|done|cancel|terminat|finish)`)

// ownerStop reports whether n, an exit of a retry (a select case's receive,
// or a condition that leaves it), reads an owner's stop signal. l is the
// loop, nil for a recursive retry.
func (f *flow) ownerStop(l *loop, n ast.Node) bool {
	if e, ok := n.(ast.Expr); ok && (f.ownerFlag(l, e) || f.ownerState(l, e) || f.ownerCtxErrVar(e) || f.ownerStopMethod(e)) {
		return true
	}
	if as, ok := n.(*ast.AssignStmt); ok && !blanks(as.Lhs) {
		return false // a receive that keeps the value takes data (resp := <-s.replies), no stop signal
	}
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.UnaryExpr:
			found = m.Op == token.ARROW && f.ownerChan(m.X, 0)
		case *ast.CallExpr:
			if ctx := askedContext(f.info, m); ctx != nil {
				found = f.ownerValue(ctx, 0)
			}
		}
		return !found
	})
	return found
}

func blanks(es []ast.Expr) bool {
	for _, e := range es {
		if id, ok := ast.Unparen(e).(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return true
}

// ownerFlag reports whether cond is a stop flag of an owner, negated or not:
// a boolean field named for stopping (s.closed) or its atomic Load
// (s.closed.Load()), which the loop does not set itself.
func (f *flow) ownerFlag(l *loop, cond ast.Expr) bool {
	cond = ast.Unparen(unNot(cond))
	if !isBool(f.info.TypeOf(cond)) {
		return false
	}
	sel := f.ownerField(l, cond)
	return sel != nil && stopFlagName.MatchString(sel.Sel.Name)
}

// ownerField returns the field that e reads, directly or through an atomic
// Load (s.state.Load()), when an owner holds it and the loop l does not set
// it itself: a field the loop writes is the loop's own state, no signal from
// outside. nil otherwise.
func (f *flow) ownerField(l *loop, e ast.Expr) *ast.SelectorExpr {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		fn := code.Callee(f.info, call)
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if len(call.Args) != 0 || !isSel || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" || fn.Name() != "Load" {
			return nil
		}
		e = ast.Unparen(sel.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || !f.ownerValue(sel, 0) || l != nil && f.variantFields(l)[fieldKey(f.info, sel)] {
		return nil
	}
	return sel
}

// ownerValue reports whether e, evaluated in the function, is held by an
// owner: a field reached from a variable that is not a parameter, a context
// derived from one (context.WithCancel(s.ctx)), a context whose cancel
// function the owner's stop calls (owner_cancel.go), or a local variable
// whose every definition is one (done := m.done).
func (f *flow) ownerValue(e ast.Expr, depth int) bool {
	if depth > maxDeadlineDepth {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if s := f.info.Selections[e]; s == nil || s.Kind() != types.FieldVal {
			return false
		}
		v, ok := code.Root(f.info, e, code.ThroughIndex|code.PkgVars).(*types.Var)
		return ok && !f.isParam(v)
	case *ast.CallExpr:
		makes, parent := DeadlineCall(f.info, e)
		return !makes && parent != nil && f.ownerValue(parent, depth+1)
	case *ast.Ident:
		v, ok := f.info.Uses[e].(*types.Var)
		if !ok || v.IsField() || f.isParam(v) {
			return false
		}
		if IsContext(v.Type()) && f.cancelledByOwner(v, depth) {
			return true // owner_cancel.go
		}
		defs := f.defsOf(v)
		for _, d := range defs {
			if !f.ownerValue(d, depth+1) {
				return false
			}
		}
		return len(defs) > 0
	}
	return false
}

// isParam reports whether v is a parameter of the function or of a function
// around it (a receiver is not).
func (f *flow) isParam(v *types.Var) bool {
	for fn := f.fn; fn != nil; fn = fn.parent {
		if code.ParamIndex(fn.params(f.info), v) >= 0 {
			return true
		}
	}
	return false
}

// ownerOfCall returns what ends a helper's retrying as an owner's stop
// signal: the context it watches when an owner holds it, or the call itself
// when it is a call of a forwarding wrapper that its owner stops or that it
// hands its owner's stop channel (forward_stop.go); nil otherwise.
func ownerOfCall(res *Result, encl *funcNode, h *HelperCall) ast.Node {
	if w := h.Wrapper; w != nil && w.Forwards && w.OwnerStopped {
		return h.Call
	}
	if encl == nil || res.info == nil {
		return nil
	}
	f := &flow{info: res.info, res: res, fn: encl}
	if stopOwnedCall(f, h) {
		return h.Call
	}
	p := h.policy
	if p == nil || p.Context == nil {
		return nil
	}
	if f.ownerValue(p.Context, 0) {
		return p.Context
	}
	return nil
}
