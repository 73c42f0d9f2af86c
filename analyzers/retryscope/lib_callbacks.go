package retryscope

import (
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// findCallbacks infers wrappers (a function whose retry loop runs one of its
// parameters, or that hands one to a retry helper: inferWrappers) and then
// records a CallbackRegion for every helper call.
func findCallbacks(pass *analysis.Pass, res *Result) {
	wrappers := make(map[*types.Func]*RetryWrapper)
	for _, r := range res.Regions {
		inferFromLoop(pass, res, r, wrappers)
	}
	for fn, w := range res.verdicts {
		if wrappers[fn] == nil {
			wrappers[fn] = w
		}
	}
	calls := res.funcs.calls
	inferWrappers(pass, res, calls, wrappers, func(call *ast.CallExpr) (handoff[*RetryWrapper], bool) {
		fn, arg, ok := helperOf(pass, res, call, wrappers)
		if !ok || handsOnVerdict(call.Args[arg], wrapperOf(pass, fn, wrappers)) {
			return handoff[*RetryWrapper]{}, false
		}
		return handoff[*RetryWrapper]{
			arg:    arg,
			better: func(*RetryWrapper) bool { return false },
			wrapper: func(param int) *RetryWrapper {
				w := &RetryWrapper{Param: param, Classifies: helperClassifies(pass, res, fn, wrappers)}
				h, _ := helperCall(pass, res, call, fn, arg, wrappers)
				if h.policy.NoRetry == nil {
					w.Tries = h.policy.Tries // a function that hands its callback to DefaultBackoff tries it as often
				}
				inner := wrapperOf(pass, fn, wrappers)
				if inner != nil && inner.Verdict {
					// Handing the callback on keeps its verdict's meaning.
					w.Verdict, w.AgainWhen = true, inner.AgainWhen
				}
				if decl := res.funcs.enclosing(call.Pos()).decl(); decl != nil {
					params := decl.params(pass.TypesInfo)
					w.WaitParam = handedWait(pass.TypesInfo, call, inner, params)
					c := res.classifierOf(pass.TypesInfo, call, arg, inner, decl)
					w.ClassifyParam, w.ClassifyOption = c.param, c.option
					w.PolicyParam, w.PolicyFamily, w.PolicyPkg = res.handedPolicy(pass.TypesInfo, fn, call, arg, inner, decl)
					w.BudgetParam = helperBudgetParam(pass.TypesInfo, h, arg, inner, params)
					w.BudgetDeclared = w.BudgetParam == 0 && helperBudgetDeclared(pass.TypesInfo, h, inner, decl.node)
					w.Classifies = w.Classifies || c.own
					// Handed on to a wrapper that judges the callback itself, the
					// operation is judged there, not at the callers.
					w.Forwards = forwardsOperation(pass.TypesInfo, call.Args[arg], params, inner)
					w.Unbounded, w.CtxParam = res.handedUnbounded(call, arg, inner, decl) // wrapper_handedcallback.go
				}
				return w
			},
		}, true
	})
	for _, call := range calls {
		if r := callbackRegion(pass, res, call, wrappers); r != nil {
			res.Regions = append(res.Regions, r)
		}
	}
}

// handsOnVerdict reports whether a literal is handed to a verdict wrapper: it
// gives its own verdict even when it calls a parameter, so the enclosing
// function does not become a verdict wrapper; only a callback handed on as it
// is keeps its caller's verdict.
func handsOnVerdict(arg ast.Expr, inner *RetryWrapper) bool {
	_, isLit := ast.Unparen(arg).(*ast.FuncLit)
	return isLit && inner != nil && inner.Verdict
}

// helperOf says whether a call is a retry helper call and which argument it retries.
func helperOf(pass *analysis.Pass, res *Result, call *ast.CallExpr, local map[*types.Func]*RetryWrapper) (fn *types.Func, arg int, ok bool) {
	fn = code.Callee(pass.TypesInfo, call)
	if fn == nil {
		return nil, 0, false
	}
	if h := res.retryHelper(fn); h != nil {
		return fn, h.Callback, h.Callback < len(call.Args)
	}
	if w := wrapperOf(pass, fn, local); w != nil {
		return fn, w.Param, w.Param < len(call.Args)
	}
	return nil, 0, false
}

func wrapperOf(pass *analysis.Pass, fn *types.Func, local map[*types.Func]*RetryWrapper) *RetryWrapper {
	fn = fn.Origin()
	if w := local[fn]; w != nil {
		return w
	}
	var w RetryWrapper
	if fn.Pkg() != pass.Pkg && importObjectFact(pass, fn, &w) {
		return &w
	}
	return nil
}

// inferFromLoop: a function whose retry loop's attempt calls one of its func-typed
// parameters is a wrapper. A loop that tries another input each round
// (Region.Failover: for _, n := range nodes { if err := ok(n); err == nil {
// return n } }) tries each candidate once: a search or failover, so its
// callers' callbacks are not retried.
func inferFromLoop(pass *analysis.Pass, res *Result, r *Region, wrappers map[*types.Func]*RetryWrapper) {
	decl := declOf(res, r.Func)
	if decl == nil || r.Failover {
		return
	}
	params := decl.params(pass.TypesInfo)
	for _, a := range r.Attempts {
		if i := paramIndex(pass.TypesInfo, a.Fun, params); i >= 0 && wrappers[decl.obj] == nil {
			wrappers[decl.obj] = &RetryWrapper{Param: i, Attempts: r.Bound.MaxAttempts, Tries: res.TriesOf(r), Classifies: r.Classified(), Endless: res.endless(r), StopType: res.stopTypeOf(r)}
			markForwarding(res, r, wrappers[decl.obj])
			wrappers[decl.obj].BudgetParam, wrappers[decl.obj].BudgetExtra = res.loopBudgetParam(r, params)
			wrappers[decl.obj].BudgetDeclared = wrappers[decl.obj].BudgetParam == 0 && res.BoundDeclaredElsewhere(r)
		}
	}
}

// retriedParam returns the index of the parameter a callback argument runs: the
// parameter itself, or a literal whose body calls it.
func retriedParam(info *types.Info, res *Result, cb ast.Expr, params []*types.Var) int {
	if i := paramIndex(info, cb, params); i >= 0 {
		return i
	}
	lit := code.FuncLitOf(info, cb) // a literal, or a local set once to one
	if lit == nil {
		return -1
	}
	idx := -1
	code.TreeOf(info).Inspect(lit.Body, callKinds, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && idx < 0 {
			idx = paramIndex(info, call.Fun, params)
		}
		return idx < 0
	})
	return idx
}

// paramIndex returns the index among params of the func-typed parameter e
// names, or -1.
func paramIndex(info *types.Info, e ast.Expr, params []*types.Var) int {
	if i := code.ParamIndex(params, code.VarOf(info, e)); i >= 0 && isFuncVar(params[i]) {
		return i
	}
	return -1
}

func declOf(res *Result, n ast.Node) *funcNode {
	if f := res.funcs.find(n); f != nil {
		return f.decl()
	}
	return nil
}

// callbackRegion returns the region of a retry-helper call, or nil.
func callbackRegion(pass *analysis.Pass, res *Result, call *ast.CallExpr, wrappers map[*types.Func]*RetryWrapper) *Region {
	fn, arg, ok := helperOf(pass, res, call, wrappers)
	if !ok {
		return nil
	}
	h, encl := helperCall(pass, res, call, fn, arg, wrappers)
	verdict, ok := callVerdict(pass.TypesInfo, res, h)
	if !ok {
		return nil
	}
	r := &Region{Kind: CallbackRegion, Pos: call.Pos(), Helper: h, Context: contextAt(pass, call.Pos())}
	if encl != nil {
		r.Func = encl.node
	}
	if h.policy.NoRetry != nil {
		return nil // configured for a single attempt: nothing runs again
	}
	cb := res.funcs.of(pass.TypesInfo, h.Callback)
	forwardingPolicy(pass.TypesInfo, encl, h, h.policy, cb)
	r.Bound = h.policy.bound(h)
	r.Bound.Owner = ownerOfCall(res, encl, h)
	// A callback declared without a body (assembly, go:linkname) is opaque, as
	// one of another package is: r.Body stays a nil Node, not a nil *BlockStmt.
	if cb != nil && cb.body != nil {
		r.Body = cb.body
		r.Attempts = errorCalls(pass.TypesInfo, cb.body)
	}
	r.Classification = callbackClassification(pass, res, r)
	if verdict != nil {
		verdict.apply(r)
	}
	res.boundByCountedStop(r) // lib_cbcountstop.go
	return r
}

// helperCall reads a call of a retry helper or wrapper fn that retries its
// argument arg: its settings and its policy, and the function it is in.
func helperCall(pass *analysis.Pass, res *Result, call *ast.CallExpr, fn *types.Func, arg int, wrappers map[*types.Func]*RetryWrapper) (*HelperCall, *funcNode) {
	h := &HelperCall{Call: call, Func: fn, Callback: code.FuncValue(pass.TypesInfo, call.Args[arg]), Entry: res.retryHelper(fn)}
	if h.Entry == nil {
		h.Wrapper = wrapperOf(pass, fn, wrappers)
	}
	encl := res.funcs.enclosing(call.Pos())
	if encl != nil {
		h.Settings = settingsOf(pass.TypesInfo, res.funcs, encl, call, arg)
	}
	h.Settings = append(h.Settings, handedClassification(pass.TypesInfo, h)...)
	h.policy = newPolicy(res, encl, h)
	return h, encl
}

// errorCalls returns the calls in a body whose results include an error.
func errorCalls(info *types.Info, body *ast.BlockStmt) []*ast.CallExpr {
	var out []*ast.CallExpr
	if body == nil {
		return nil
	}
	walkBody(info, body, callKinds, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && returnsError(info, call) && isAttempt(info, call, nil) {
			out = append(out, call)
		}
		return true
	})
	return out
}

func returnsError(info *types.Info, call *ast.CallExpr) bool {
	return isErrorType(code.LastResult(info, call))
}

// helperClassifies reports whether a helper (known or inferred) tells errors apart
// by itself.
func helperClassifies(pass *analysis.Pass, res *Result, fn *types.Func, local map[*types.Func]*RetryWrapper) bool {
	if h := res.retryHelper(fn); h != nil {
		return h.Classifies
	}
	w := wrapperOf(pass, fn, local)
	return w != nil && w.Classifies
}

// sortedFuncs returns the keys in source order, for deterministic results.
func sortedFuncs[V any](m map[*types.Func]V) []*types.Func {
	out := make([]*types.Func, 0, len(m))
	for fn := range m {
		out = append(out, fn)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}
