package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// github.com/avast/retry-go, every major version (the unversioned module path,
// /v3, /v4, /v5): the options are read in the helper's own package, so
// retry.Context(ctx) of any version is the context its waits follow.
func init() {
	register(&library{read: (*policyReader).retryGo, hints: fixedHints(Hints{
		Context:  "add the option retry.Context(%s)",
		Backoff:  "keep retry-go's default delay type (exponential with jitter) or use retry.FullJitterBackoffDelay",
		Jitter:   "DelayType(BackOffDelay) alone is deterministic; keep the default delay type or use retry.FullJitterBackoffDelay",
		Bound:    "set retry.Attempts to a positive count",
		Classify: "add retry.RetryIf or wrap permanent errors with retry.Unrecoverable",
	})}, "retry-go")
}

// retryGoCount is retry-go's default number of attempts.
const retryGoCount = 10

// retryGo reads avast/retry-go (v3, v4, v5): 10 attempts by default (0 or
// UntilSucceeded = never stop), and CombineDelay(BackOffDelay, RandomDelay).
func (r *policyReader) retryGo() {
	if c := r.fn(r.pkg, "Context"); len(c) > 0 && len(c[0].Args) > 0 {
		r.watch(c[0].Args[0].Expr)
	}
	until := r.fn(r.pkg, "UntilSucceeded")
	att := r.fn(r.pkg, "Attempts")
	if !r.retryGoCountOverridden() { // lib_optorder.go
		if len(until) > 0 {
			r.forever(until[0].Node)
		}
		r.capAttempts(att, 0, false, true)
		if len(att) == 0 && len(until) == 0 {
			r.defaults(retryGoCount, false)
		}
	}
	r.delayType()
	r.p.Tries = r.retryGoTries(att) // lib_retrygotries.go
	r.retryGoOpen()
}

// delayType reads retry-go's DelayType option.
func (r *policyReader) delayType() {
	dt := r.fn(r.pkg, "DelayType")
	if len(dt) == 0 {
		r.shape(ShapeExponential, nil)
		r.jitter(TriYes, nil)
		return
	}
	if len(dt) > 1 || len(dt[0].Args) == 0 || r.overridden(dt) {
		return
	}
	names, ok := r.delayFuncs(dt[0].Args[0].Expr, 0)
	if !ok {
		return
	}
	at := dt[0].Node
	switch {
	case names["BackOffDelay"] || names["FullJitterBackoffDelay"]:
		r.shape(ShapeExponential, at)
	case names["FixedDelay"]:
		r.shape(ShapeConstant, at)
	default:
		r.shape(ShapeRandom, at)
	}
	r.jitter(tri(names["RandomDelay"] || names["FullJitterBackoffDelay"]), at)
}

// delayFuncs names the retry-go delay functions an expression combines; ok is
// false when one of them is not retry-go's own.
func (r *policyReader) delayFuncs(e ast.Expr, depth int) (map[string]bool, bool) {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		fn := code.Callee(r.info, call)
		if depth > 3 || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != r.pkg || fn.Name() != "CombineDelay" || call.Ellipsis.IsValid() {
			return nil, false
		}
		out := map[string]bool{}
		for _, a := range call.Args {
			m, ok := r.delayFuncs(a, depth+1)
			if !ok {
				return nil, false
			}
			for k := range m {
				out[k] = true
			}
		}
		return out, len(out) > 0
	}
	fn := code.NamedFunc(r.info, e)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != r.pkg {
		return nil, false
	}
	switch fn.Name() {
	case "BackOffDelay", "FixedDelay", "RandomDelay", "FullJitterBackoffDelay":
		return map[string]bool{fn.Name(): true}, true
	}
	return nil, false
}
