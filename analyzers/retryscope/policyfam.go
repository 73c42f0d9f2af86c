package retryscope

import (
	"go/ast"
	"go/types"
)

// Packages whose option semantics the policy knows beyond the helper's own.
const (
	goRetryPkg   = "github.com/sethvargo/go-retry"
	k8sWaitPkg   = "k8s.io/apimachinery/pkg/util/wait"
	k8sRetryPkg  = "k8s.io/client-go/util/retry"
	crdbPkg      = "github.com/cockroachdb/cockroach-go/v2/crdb"
	failsafePkg  = "github.com/failsafe-go/failsafe-go"
	retryPolPkg  = failsafePkg + "/retrypolicy"
	crdbDefault  = 51 // 50 retries
	retryGoCount = 10
	failsafeMax  = 3 // 2 retries
)

// backoffV4 reads cenkalti/backoff v4: Retry*(op, b, ...). ExponentialBackOff
// jitters by default (RandomizationFactor 0.5) and stops after MaxElapsedTime
// (15 minutes, 0 = never); a struct literal starts from zero values instead.
// ConstantBackOff and ZeroBackOff never stop; WithMaxRetries caps any of them.
func (r *policyReader) backoffV4() {
	r.capAttempts(r.fn(r.pkg, "WithMaxRetries"), 1, true, false)
	if c := r.fn(r.pkg, "WithContext"); len(c) > 0 && len(c[0].Args) > 1 {
		r.watch(c[0].Args[1].Expr)
	}
	r.backOff(true)
}

// backoffV5 reads cenkalti/backoff v5: Retry(ctx, op, opts...). The default
// backoff is a jittered ExponentialBackOff; the retry stops after
// WithMaxElapsedTime (default 15 minutes, 0 = never) or WithMaxTries (0 = never).
func (r *policyReader) backoffV5() {
	r.watch(r.arg(0))
	el := r.fn(r.pkg, "WithMaxElapsedTime")
	switch d, ok := ints(el, 0); {
	case ok && d == 0:
		r.forever(el[0].Node)
	case len(el) > 0:
		r.timeLimit(el[0].Node)
	default:
		r.defaults(0, true)
	}
	r.capAttempts(r.fn(r.pkg, "WithMaxTries"), 0, false, true)
	if len(r.fn(r.pkg, "WithBackOff")) == 0 {
		r.shape(ShapeExponential, nil)
		r.jitter(TriYes, nil)
		return
	}
	r.backOff(false)
}

// backOff reads the BackOff value handed to a cenkalti/backoff helper.
func (r *policyReader) backOff(v4 bool) {
	exp := append(r.fn(r.pkg, "NewExponentialBackOff"), r.lit(r.pkg, "ExponentialBackOff")...)
	cons := append(r.fn(r.pkg, "NewConstantBackOff"), r.lit(r.pkg, "ConstantBackOff")...)
	zero := r.lit(r.pkg, "ZeroBackOff")
	stop := r.lit(r.pkg, "StopBackOff")
	switch onlyOne(exp, cons, zero, stop) {
	case 0:
		r.exponential(exp, v4)
	case 1:
		r.shape(ShapeConstant, cons[0].Node)
		r.jitter(TriNo, cons[0].Node)
		if v4 {
			r.forever(cons[0].Node)
		}
	case 2:
		r.shape(ShapeNone, zero[0].Node)
		if v4 {
			r.forever(zero[0].Node)
		}
	case 3:
		r.limit(stop[0].Node, 1)
	}
}

// exponential reads an ExponentialBackOff made by the constructor (library
// defaults) or by a literal (zero values).
func (r *policyReader) exponential(exp []Setting, v4 bool) {
	ctor, lit := 0, 0
	for _, s := range exp {
		if _, ok := s.Node.(*ast.CompositeLit); ok {
			lit++
		} else {
			ctor++
		}
	}
	base := exp[0].Node
	r.shape(ShapeExponential, base)
	mult := append(r.fn(r.pkg, "WithMultiplier"), r.field(r.pkg, "ExponentialBackOff", "Multiplier")...)
	if m, ok := floats(mult, 0); ok && m <= 1 {
		r.shape(ShapeConstant, mult[0].Node)
	}
	rf := append(r.fn(r.pkg, "WithRandomizationFactor"), r.field(r.pkg, "ExponentialBackOff", "RandomizationFactor")...)
	switch f, ok := floats(rf, 0); {
	case ok:
		r.jitter(tri(f > 0), rf[0].Node)
	case len(rf) > 0 || (ctor > 0 && lit > 0):
	case ctor > 0:
		r.jitter(TriYes, nil)
	default:
		r.jitter(TriNo, base)
	}
	if v4 {
		r.elapsedV4(base, ctor, lit)
	}
}

// elapsedV4 reads ExponentialBackOff.MaxElapsedTime of backoff v4.
func (r *policyReader) elapsedV4(base ast.Node, ctor, lit int) {
	el := append(r.fn(r.pkg, "WithMaxElapsedTime"), r.field(r.pkg, "ExponentialBackOff", "MaxElapsedTime")...)
	switch d, ok := ints(el, 0); {
	case ok && d == 0:
		r.forever(el[0].Node)
	case len(el) > 0:
		r.timeLimit(el[0].Node)
	case ctor > 0 && lit > 0:
	case ctor > 0:
		r.defaults(0, true)
	default:
		r.forever(base)
	}
}

func tri(b bool) Tristate {
	if b {
		return TriYes
	}
	return TriNo
}

// retryGo reads avast/retry-go (v3, v4, v5): 10 attempts by default (0 or
// UntilSucceeded = never stop), and CombineDelay(BackOffDelay, RandomDelay).
func (r *policyReader) retryGo() {
	if c := r.fn(r.pkg, "Context"); len(c) > 0 && len(c[0].Args) > 0 {
		r.watch(c[0].Args[0].Expr)
	}
	until := r.fn(r.pkg, "UntilSucceeded")
	if len(until) > 0 {
		r.forever(until[0].Node)
	}
	att := r.fn(r.pkg, "Attempts")
	r.capAttempts(att, 0, false, true)
	if len(att) == 0 && len(until) == 0 {
		r.defaults(retryGoCount, false)
	}
	r.delayType()
}

// delayType reads retry-go's DelayType option.
func (r *policyReader) delayType() {
	dt := r.fn(r.pkg, "DelayType")
	if len(dt) == 0 {
		r.shape(ShapeExponential, nil)
		r.jitter(TriYes, nil)
		return
	}
	if len(dt) > 1 || len(dt[0].Args) == 0 {
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
		fn := calleeFunc(r.info, call)
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
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	}
	fn, ok := r.info.Uses[id].(*types.Func)
	if id == nil || !ok || fn.Pkg() == nil || fn.Pkg().Path() != r.pkg {
		return nil, false
	}
	switch fn.Name() {
	case "BackOffDelay", "FixedDelay", "RandomDelay", "FullJitterBackoffDelay":
		return map[string]bool{fn.Name(): true}, true
	}
	return nil, false
}

// goRetry reads sethvargo/go-retry: the backoffs never stop and never jitter
// unless wrapped by WithMaxRetries/WithMaxDuration and WithJitter*/WithFullJitter.
func (r *policyReader) goRetry() {
	r.watch(r.arg(0))
	switch r.h.Func.Name() {
	case "Constant":
		r.shortcut(ShapeConstant)
		return
	case "Exponential":
		r.shortcut(ShapeExponential)
		return
	case "Fibonacci":
		r.shortcut(ShapeFibonacci)
		return
	}
	r.capAttempts(r.fn(goRetryPkg, "WithMaxRetries"), 0, true, false)
	if d := r.fn(goRetryPkg, "WithMaxDuration"); len(d) > 0 {
		r.timeLimit(d[0].Node)
	}
	jit := append(append(r.fn(goRetryPkg, "WithJitter"), r.fn(goRetryPkg, "WithJitterPercent")...), r.fn(goRetryPkg, "WithFullJitter")...)
	if len(jit) > 0 {
		r.jitter(TriYes, jit[0].Node)
	}
	bases := [][]Setting{r.fn(goRetryPkg, "NewConstant"), r.fn(goRetryPkg, "NewExponential"), r.fn(goRetryPkg, "NewFibonacci")}
	i := onlyOne(bases...)
	if i < 0 {
		return
	}
	base := bases[i][0].Node
	r.shape([]Shape{ShapeConstant, ShapeExponential, ShapeFibonacci}[i], base)
	if len(jit) == 0 {
		r.jitter(TriNo, base)
	}
	r.forever(base)
}

// shortcut reads go-retry's Constant/Exponential/Fibonacci helpers: unjittered
// and unbounded.
func (r *policyReader) shortcut(s Shape) {
	r.shape(s, r.h.Call)
	r.jitter(TriNo, r.h.Call)
	r.forever(r.h.Call)
}
