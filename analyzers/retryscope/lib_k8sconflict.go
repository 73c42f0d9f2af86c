package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Which retries go round on a Kubernetes conflict.
//
// The API server answers an update whose resourceVersion is no longer the
// object's with 409 Conflict (apierrors.IsConflict). A retry goes round on
// that answer when client-go's RetryOnConflict runs it, when retry.OnError's
// predicate is, or accepts on one side of an ||, apierrors.IsConflict, when
// the retry (a helper's or a loop's) retries every error alike, and when a
// loop goes back only past a test of apierrors.IsConflict on the attempt's
// error (the 409 class of loop_retryclasses.go). A predicate or test the
// engine cannot read proves nothing.

const k8sIsConflict = "k8s.io/apimachinery/pkg/api/errors.IsConflict"

// RetriesConflict reports whether a conflict answer of the region's attempt
// provably leads to another attempt.
func (res *Result) RetriesConflict(r *Region) bool {
	switch r.Kind {
	case CallbackRegion:
		return res.callbackRetriesConflict(r)
	case LoopRegion:
		return r.Classification == nil || r.ways != nil && len(r.ways.checks) > 0 && r.ways.passOnly(isStatusConflict)
	}
	return false
}

func (res *Result) callbackRetriesConflict(r *Region) bool {
	h := r.Helper
	if h == nil || h.Func == nil || res.info == nil {
		return false
	}
	if h.Func.FullName() == k8sRetryPkg+".RetryOnConflict" {
		return true
	}
	if p := helperPredicate(h); p != nil {
		return acceptsEvery(res.info, res.funcs, p) || res.admitsConflict(p)
	}
	if lib := h.library(); lib != nil && lib.stopsOnError {
		return false // an error returned by the condition ends the retrying
	}
	return r.Classification == nil
}

// admitsConflict reports whether a predicate is apierrors.IsConflict, or a
// function of the package whose only return is an || of tests one of which
// is apierrors.IsConflict of its error parameter.
func (res *Result) admitsConflict(p ast.Expr) bool {
	p = code.FuncValue(res.info, forwardedPredicate(res.info, p))
	if fn := code.NamedFunc(res.info, p); fn != nil && fn.FullName() == k8sIsConflict {
		return true
	}
	f := res.funcs.of(res.info, p)
	if f == nil || f.body == nil || f.typ == nil || f.typ.Params.NumFields() != 1 || len(f.typ.Params.List[0].Names) != 1 {
		return false
	}
	ret := soleFinalReturn(f.body)
	if ret == nil || len(ret.Results) != 1 {
		return false
	}
	param := res.info.Defs[f.typ.Params.List[0].Names[0]]
	for _, term := range disjuncts(ret.Results[0]) {
		if call, ok := ast.Unparen(term).(*ast.CallExpr); ok && isConflictTest(res.info, call, []types.Object{param}) {
			return true
		}
	}
	return false
}

// isConflictTest reports whether call is apierrors.IsConflict of one of vars.
func isConflictTest(info *types.Info, call *ast.CallExpr, vars []types.Object) bool {
	fn := code.Callee(info, call)
	return fn != nil && fn.FullName() == k8sIsConflict && len(call.Args) == 1 && isErrVar(info, call.Args[0], vars)
}

// conflictStatus is the class apierrors.IsConflict lets through: 409.
func conflictStatus() *errorClass {
	var set codeSet
	set[409-minStatus] = true
	return &errorClass{statuses: &set}
}

// isStatusConflict reports whether a class holds only the 409 status.
func isStatusConflict(c errorClass) bool {
	if c.statuses == nil || !c.statuses.has(409) {
		return false
	}
	for s := int64(minStatus); s < maxStatus; s++ {
		if s != 409 && c.statuses.has(s) {
			return false
		}
	}
	return true
}
