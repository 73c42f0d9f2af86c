package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A function that hands its own callback parameter, as it is, to a
// forwarding wrapper is a wrapper too:
//
//	func RetryForever(b Backoff, fn func() error) error {
//		return RetryCtx(context.Background(), b, fn)
//	}
//
// What it retries, and what stops it (a success, an error the inner loop
// stops on, a callback that ends the retrying itself), is its callers'
// callback: at its own call nothing shows whether the retrying ends, so it
// is judged at its callers' calls, as the inner wrapper's calls are. A
// literal it hands on, or a callback of its own, stays judged here.

// CallbackFromCaller reports whether a helper region is such a call (see
// above): a forwarding wrapper's call whose callback is a parameter of the
// function declaration the call is in.
func (res *Result) CallbackFromCaller(r *Region) bool {
	if r == nil || r.Kind != CallbackRegion || r.Helper == nil || r.Helper.Wrapper == nil || !r.Helper.Wrapper.Forwards || res.funcs == nil {
		return false
	}
	encl := res.funcs.find(r.Func)
	if encl == nil || encl.obj == nil || encl.parent != nil {
		return false
	}
	return paramIndex(res.info, r.Helper.Callback, encl.params(res.info)) >= 0
}

// handedUnbounded says, for a function that hands its callback parameter as
// it is to a forwarding wrapper whose loop has no limit of its own (see
// above), whether its calls have no limit either, and through which of its
// own context parameters they may have one (ctxParam, 1 + the index): the
// inner wrapper's context argument is one of its parameters, or a context
// that never ends, or it watches none. A context made here (a deadline) is
// a limit of its own.
func (res *Result) handedUnbounded(call *ast.CallExpr, arg int, inner *RetryWrapper, encl *funcNode) (unbounded bool, ctxParam int) {
	if inner == nil || !inner.Forwards || !inner.Unbounded || inner.StopParam > 0 || encl == nil || call.Ellipsis.IsValid() {
		return false, 0
	}
	params := encl.params(res.info)
	if paramIndex(res.info, call.Args[arg], params) < 0 {
		return false, 0
	}
	if inner.CtxParam == 0 {
		return true, 0
	}
	if inner.CtxParam > len(call.Args) {
		return false, 0
	}
	ctx := call.Args[inner.CtxParam-1]
	if k := code.ParamIndex(params, code.VarOf(res.info, ctx)); k >= 0 && IsContext(res.info.TypeOf(ctx)) {
		return true, k + 1
	}
	return contextState(res.info, encl, ctx, 0) == CtxBackground, 0
}
