package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// A retry wrapper often takes its caller's pace value and hands it to its
// library as it is (func Backoff(b wait.Backoff, f func() (bool, error))
// error { return wait.ExponentialBackoff(b, ...) }): how each call of the
// wrapper waits is then chosen at that call. The wrapper's fact records that
// parameter (RetryWrapper.PolicyParam) and the library; a call of the
// wrapper reads the value it passes there as if it had given it to the
// library itself (forwardedPolicy). A wrapper that touches the value first
// (b.Jitter = 0.1, b = capped(b)) sets the pace itself: nothing is handed on.

// handedPolicy returns, for a retry call in the wrapper decl, the parameter it
// hands unchanged as the pace value of a library whose pace is one value
// (library.policyValue), as 1 + its index, with the library's family and
// package; inner being the wrapper called, the parameter handed on to its
// PolicyParam. 0, "", "" for none.
func (res *Result) handedPolicy(info *types.Info, fn *types.Func, call *ast.CallExpr, callbackArg int, inner *RetryWrapper, decl *funcNode) (int, string, string) {
	params := decl.params(info)
	if inner != nil {
		if k := handedParam(info, call, inner.PolicyParam, params); k > 0 && onlyHanded(info, decl, params[k-1]) {
			return k, inner.PolicyFamily, inner.PolicyPkg
		}
		return 0, "", ""
	}
	e := res.retryHelper(fn)
	if e == nil || libraries[e.Family] == nil || !libraries[e.Family].policyValue || fn.Pkg() == nil {
		return 0, "", ""
	}
	for j := range call.Args {
		if j == callbackArg {
			continue
		}
		k := handedParam(info, call, j+1, params)
		if k == 0 || isFuncVar(params[k-1]) || IsContext(params[k-1].Type()) {
			continue
		}
		if onlyHanded(info, decl, params[k-1]) {
			return k, e.Family, fn.Pkg().Path()
		}
	}
	return 0, "", ""
}

// onlyHanded reports whether the wrapper's body names its parameter p once:
// in the call that hands it on, so the value arrives as its caller gave it.
func onlyHanded(info *types.Info, decl *funcNode, p *types.Var) bool {
	if decl.body == nil {
		return false
	}
	n := 0
	code.Inspect(decl.body, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == p {
			n++
		}
		return n < 2
	})
	return n == 1
}

// forwardedPolicy reads, for a call of a wrapper that hands a parameter on
// as its library's pace value, the argument there with the library's
// semantics; nil for a wrapper that hands none.
func forwardedPolicy(res *Result, encl *funcNode, h *HelperCall) *Policy {
	w := h.Wrapper
	if w.PolicyParam == 0 || w.PolicyParam > len(h.Call.Args) || libraries[w.PolicyFamily] == nil {
		return nil
	}
	value := &HelperCall{Call: h.Call, Func: h.Func, Callback: h.Callback, Entry: &rules.RetryHelper{Family: w.PolicyFamily},
		Settings: valueSettings(res.info, res.funcs, encl, h.Call.Args[w.PolicyParam-1])}
	p := readPolicy(res, encl, value, w.PolicyPkg)
	if p.MaxAttempts == 0 {
		p.MaxAttempts = w.Attempts
	}
	return p
}
