package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A forwarding wrapper is a function whose retry loop's attempts are all calls
// of its func-typed parameters (for { v, err := op(); ... }): the operation,
// and so what its errors mean and whether the caller's context has a deadline,
// come from each caller. Rules that judge the operation (does the failure path
// classify? is there a bound?) judge it at the callers, where the closure and
// the context are known, instead of at the wrapper.

// OperationFromCaller reports whether a region is the retry of a forwarding
// wrapper: a function declaration whose loop attempts only calls of its
// func-typed parameters, or that hands a retry helper a literal whose only
// attempts are such calls (func(uint) (err error) { defer recoverInto(&err);
// return fn() }): recovering a panic or wrapping the error decides nothing
// about which failures are retried.
func (res *Result) OperationFromCaller(r *Region) bool {
	if r == nil || len(r.Attempts) == 0 || res.funcs == nil || res.info == nil {
		return false
	}
	switch r.Kind {
	case LoopRegion:
	case CallbackRegion:
		if r.Helper == nil || code.FuncLitOf(res.info, r.Helper.Callback) == nil {
			return false
		}
	default:
		return false
	}
	encl := res.funcs.find(r.Func)
	if encl == nil || encl.obj == nil || encl.parent != nil {
		return false
	}
	return callsParamsOnly(res.info, r.Attempts, encl.params(res.info))
}

// forwardsOperation reports whether a callback handed to a retry helper runs
// only the caller's operation, so that the helper's calls are judged at the
// caller's callers: a literal that calls the given parameters
// (forwardsLiteral), or, handed to a forwarding wrapper, one of the
// parameters as it is (retry.Do(ctx, operation, opts...) with Do a wrapper
// whose own calls judge only their operation). A parameter handed as it is
// to a library helper stays judged at that call, where the helper's options
// are: the wrapper's own retry, reported once.
func forwardsOperation(info *types.Info, cb ast.Expr, params []*types.Var, inner *RetryWrapper) bool {
	if inner != nil && !inner.Forwards {
		return false
	}
	return (inner != nil && paramIndex(info, cb, params) >= 0) || forwardsLiteral(info, cb, params)
}

// forwardsLiteral reports whether a callback handed to a retry helper is a
// literal (or a local set once to one) whose attempts all call the given
// parameters (see OperationFromCaller).
func forwardsLiteral(info *types.Info, cb ast.Expr, params []*types.Var) bool {
	lit := code.FuncLitOf(info, cb)
	return lit != nil && callsParamsOnly(info, errorCalls(info, lit.Body), params)
}

// callsParamsOnly reports whether there are attempts and each calls one of params.
func callsParamsOnly(info *types.Info, attempts []*ast.CallExpr, params []*types.Var) bool {
	for _, a := range attempts {
		if paramIndex(info, a.Fun, params) < 0 {
			return false
		}
	}
	return len(attempts) > 0
}

// markForwarding records on the wrapper fact of a forwarding wrapper what
// bounds its loop (see callerBound).
func markForwarding(res *Result, r *Region, w *RetryWrapper) {
	if !res.OperationFromCaller(r) {
		return
	}
	w.Forwards = true
	w.Unbounded, w.CtxParam, w.StopParam = res.callerBound(r)
	w.OwnerStopped = r.StoppedByOwner()
	w.WaitParam = res.waitParam(r)
}

// waitParam returns 1 + the index of the parameter every wait of a loop waits
// unchanged (time.Sleep(sleep) with sleep a parameter), or 0.
func (res *Result) waitParam(r *Region) int {
	encl := res.funcs.find(r.Func)
	if encl == nil || len(r.Waits) == 0 {
		return 0
	}
	params := encl.params(res.info)
	found := -1
	for _, w := range r.Waits {
		id, ok := ast.Unparen(w.Duration).(*ast.Ident)
		if !ok || w.Growth != GrowthConstant || w.Jitter {
			return 0
		}
		i := code.ParamIndex(params, code.VarOf(res.info, id))
		if i < 0 || found >= 0 && i != found {
			return 0
		}
		found = i
	}
	return found + 1
}

// handedWait maps the wait parameter of a wrapper called by another function
// onto that function's parameters (handedParam).
func handedWait(info *types.Info, call *ast.CallExpr, inner *RetryWrapper, params []*types.Var) int {
	if inner == nil {
		return 0
	}
	return handedParam(info, call, inner.WaitParam, params)
}

// BoundFromCaller reports whether a forwarding wrapper's loop has no limit of
// its own beyond a context parameter: its calls carry the bound (or its
// absence), and rules judge it there. A helper's limit is its own: it is
// judged where the helper is called.
func (res *Result) BoundFromCaller(r *Region) bool {
	if r == nil || r.Kind != LoopRegion || !res.OperationFromCaller(r) {
		return false
	}
	unbounded, _, _ := res.callerBound(r)
	return unbounded
}

// callerBound says whether a forwarding wrapper's loop has no limit but the
// caller's: no counter, no failover, no local deadline, and either no
// deadline at all (ctxParam and stopParam 0), or only ctx.Done()/ctx.Err() of
// its context parameter ctxParam-1, or only a receive from its channel
// parameter stopParam-1 (forward_stop.go).
func (res *Result) callerBound(r *Region) (unbounded bool, ctxParam, stopParam int) {
	b := r.Bound
	if b.Counter != nil || r.Failover || res.LocalDeadline(r) || b.Owner != nil {
		return false, 0, 0 // an owner's stop signal is a bound of the wrapper's own
	}
	if b.Deadline == nil {
		return true, 0, 0
	}
	encl := res.funcs.find(r.Func)
	params := encl.params(res.info)
	if k := stopParamOf(res.info, b.Deadline, params); k > 0 {
		return true, 0, k
	}
	if e, ok := b.Deadline.(ast.Expr); ok && IsContext(res.info.TypeOf(e)) {
		if k := code.ParamIndex(params, code.VarOf(res.info, e)); k >= 0 {
			return true, k + 1, 0 // the context a verdict helper watches (wait_helperctx.go)
		}
	}
	code.Inspect(b.Deadline, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || unbounded {
			return !unbounded
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok || (sel.Sel.Name != "Done" && sel.Sel.Name != "Err") {
			return true
		}
		if i := code.ParamIndex(params, code.VarOf(res.info, id)); i >= 0 && IsContext(params[i].Type()) {
			unbounded, ctxParam = true, i+1
		}
		return true
	})
	return unbounded, ctxParam, 0
}

// forwardingPolicy is the policy of a call of a forwarding wrapper whose loop
// is unbounded: it watches the context the call passes (if the wrapper watches
// one), and has no limit otherwise.
func forwardingPolicy(info *types.Info, encl *funcNode, h *HelperCall, p *Policy, op *funcNode) {
	w := h.Wrapper
	if w == nil || !w.Forwards || !w.Unbounded || p == nil {
		return
	}
	if lit, ok := opNode(op).(*ast.FuncLit); ok && stopsItself(info, lit) {
		return // the operation ends the retrying: see stopsItself
	}
	switch {
	case w.CtxParam > 0:
		if w.CtxParam > len(h.Call.Args) || h.Call.Ellipsis.IsValid() {
			return
		}
		e := h.Call.Args[w.CtxParam-1]
		p.Context = e
		p.ContextState = contextState(info, encl, e, 0)
	case w.StopParam > 0:
		ctx, known := stopContext(info, encl, h)
		if !known {
			return // a channel someone may close: its bound is out of reach
		}
		if ctx != nil {
			p.Context = ctx
			p.ContextState = contextState(info, encl, ctx, 0)
		}
	}
	p.Unbounded = h.Call
}

func opNode(op *funcNode) ast.Node {
	if op == nil {
		return nil
	}
	return op.node
}

// stopsItself reports whether an operation handed to a forwarding wrapper can
// end the retrying by itself: it returns a nil error from an if whose
// condition reads only state from outside the operation and no error (if
// tries > 5 with tries counted by the operation, if s.closed.Load()): its own
// count or its owner's state stops the wrapper, whatever the failures. A nil
// return decided by what the attempt gave (a permanent error swallowed, a
// status code) is classification, and the other failures are still retried.
func stopsItself(info *types.Info, lit *ast.FuncLit) bool {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	if !ok || sig.Results().Len() == 0 || !isErrorType(sig.Results().At(sig.Results().Len()-1).Type()) {
		return false
	}
	found := false
	code.Inspect(lit.Body, func(n ast.Node) bool {
		if _, nested := n.(*ast.FuncLit); nested {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found || ifs.Init != nil || !readsOutsideOnly(info, ifs.Cond, lit) {
			return !found
		}
		for _, st := range ifs.Body.List {
			if ret, ok := st.(*ast.ReturnStmt); ok && len(ret.Results) == sig.Results().Len() && code.IsNil(info, ret.Results[len(ret.Results)-1]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// readsOutsideOnly reports whether e reads variables, and no error, declared
// outside lit only.
func readsOutsideOnly(info *types.Info, e ast.Expr, lit *ast.FuncLit) bool {
	ok := true
	code.Inspect(e, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID {
			if v, isVar := info.Uses[id].(*types.Var); isVar && (isErrorType(v.Type()) || lit.Pos() <= v.Pos() && v.Pos() < lit.End()) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
