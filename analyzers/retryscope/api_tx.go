package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// findTxCallbacks fills res.TxCallbacks and exports TxWrapper facts.
//
// A transaction helper is a knowledge-base entry (crdb.ExecuteTx, gorm Transaction,
// pgx BeginFunc, ...) or a function of the analysed code with the TxWrapper fact. A
// function becomes a TxWrapper when it hands one of its func-typed parameters (or a
// literal calling it) to a transaction helper, or when it runs that parameter in a
// retry region that also begins a transaction (a hand-written retrying
// transaction). The fixed point allows wrappers of wrappers.
func findTxCallbacks(pass *analysis.Pass, res *Result) {
	calls := res.funcs.calls
	wrappers := make(map[*types.Func]*TxWrapper)
	inferRetryingTx(pass, res, wrappers)
	inferWrappers(pass, res, calls, wrappers, func(call *ast.CallExpr) (handoff[*TxWrapper], bool) {
		// It retries when the helper does or when the hand-off happens inside
		// a retry region.
		_, arg, retries, ok := txHelperOf(pass, res, call, wrappers)
		retries = ok && (retries || inRetryRegion(res, call))
		return handoff[*TxWrapper]{
			arg:     arg,
			better:  func(old *TxWrapper) bool { return !old.Retries && retries },
			wrapper: func(param int) *TxWrapper { return &TxWrapper{Param: param, Retries: retries} },
		}, ok
	})
	for _, call := range calls {
		if tx := txCallback(pass, res, call, wrappers); tx != nil {
			res.TxCallbacks = append(res.TxCallbacks, tx)
		}
	}
}

// txHelperOf says whether a call runs a callback in a transaction, which argument,
// and whether the helper itself retries it.
func txHelperOf(pass *analysis.Pass, res *Result, call *ast.CallExpr, local map[*types.Func]*TxWrapper) (fn *types.Func, arg int, retries, ok bool) {
	fn = code.Callee(pass.TypesInfo, call)
	if fn == nil {
		return nil, 0, false, false
	}
	if h := res.txHelper(fn); h != nil {
		return fn, h.Callback, h.Retries, h.Callback < len(call.Args)
	}
	if w := txWrapperOf(pass, fn, local); w != nil {
		return fn, w.Param, w.Retries, w.Param < len(call.Args)
	}
	return nil, 0, false, false
}

func txWrapperOf(pass *analysis.Pass, fn *types.Func, local map[*types.Func]*TxWrapper) *TxWrapper {
	fn = fn.Origin()
	if w := local[fn]; w != nil {
		return w
	}
	var w TxWrapper
	if fn.Pkg() != pass.Pkg && importObjectFact(pass, fn, &w) {
		return &w
	}
	return nil
}

// inferRetryingTx: a function whose retry region calls one of its func-typed
// parameters and begins a transaction in the same region runs that parameter in a
// retried transaction.
func inferRetryingTx(pass *analysis.Pass, res *Result, wrappers map[*types.Func]*TxWrapper) {
	for _, r := range res.Regions {
		decl := declOf(res, r.Func)
		if decl == nil || r.Body == nil || wrappers[decl.obj] != nil {
			continue
		}
		params := decl.params(pass.TypesInfo)
		param, begins := -1, false
		code.TreeOf(pass.TypesInfo).Inspect(r.Body, callKinds, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if i := paramIndex(pass.TypesInfo, call.Fun, params); i >= 0 && param < 0 {
					param = i
				}
				begins = begins || IsTxBegin(pass.TypesInfo, call)
			}
			return true
		})
		if param >= 0 && begins {
			wrappers[decl.obj] = &TxWrapper{Param: param, Retries: true}
		}
	}
}

// inRetryRegion reports whether a call runs again when an attempt fails: it is in
// a retry callback (the whole callback runs again), or it is an attempt of a
// retry loop or recursive retry (a call on the success path, after the attempt
// succeeded, runs once).
func inRetryRegion(res *Result, call *ast.CallExpr) bool {
	for _, r := range res.Regions {
		if r.Body == nil || call.Pos() < r.Body.Pos() || r.Body.End() < call.End() {
			continue
		}
		if r.Kind == CallbackRegion {
			return true
		}
		for _, a := range r.Attempts {
			if a == call {
				return true
			}
		}
	}
	return false
}

// txCallback returns the transaction callback of a helper call, or nil. A callback
// is retried when its helper retries, when the helper call lies in a retry region,
// or when it lies in another retried transaction callback.
func txCallback(pass *analysis.Pass, res *Result, call *ast.CallExpr, wrappers map[*types.Func]*TxWrapper) *TxCallback {
	fn, arg, retries, ok := txHelperOf(pass, res, call, wrappers)
	if !ok {
		return nil
	}
	tx := &TxCallback{Call: call, Helper: fn, Callback: call.Args[arg]}
	tx.Retries = retries || inRetryRegion(res, call) || inRetriedTx(res, call)
	if cb := res.funcs.of(pass.TypesInfo, tx.Callback); cb != nil {
		tx.Body, tx.Func = cb.body, cb.node
		tx.TxParam = txParam(cb.params(pass.TypesInfo))
	}
	return tx
}

func inRetriedTx(res *Result, n ast.Node) bool {
	for _, tx := range res.TxCallbacks {
		if tx.Retries && tx.Body != nil && tx.Body.Pos() <= n.Pos() && n.End() <= tx.Body.End() {
			return true
		}
	}
	return false
}

// txParam returns the callback's transaction parameter: the first one that is not
// a context.Context.
func txParam(params []*types.Var) *types.Var {
	for _, p := range params {
		if p != nil && !IsContext(p.Type()) {
			return p
		}
	}
	return nil
}
