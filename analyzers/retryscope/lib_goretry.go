package retryscope

import "go/ast"

// github.com/sethvargo/go-retry: every helper takes the context first; only
// errors wrapped in RetryableError are retried.
func init() {
	register(&library{read: (*policyReader).goRetry, stopsOnError: true, retryMarker: goRetryWrap, hints: goRetryHints}, "go-retry")
}

const goRetryPkg = "github.com/sethvargo/go-retry"

func goRetryHints(h *HelperCall, at ast.Node) Hints {
	hs := Hints{
		Backoff:  "use retry.NewExponential wrapped in retry.WithJitterPercent",
		Jitter:   "wrap the backoff in retry.WithJitterPercent or retry.WithFullJitter",
		Bound:    "wrap the backoff in retry.WithMaxRetries or retry.WithMaxDuration",
		Classify: "wrap only transient errors with retry.RetryableError and return the others as they are",
	}
	if at == ast.Node(h.Call) {
		hs.Jitter = "call retry.Do with the backoff wrapped in retry.WithJitterPercent or retry.WithFullJitter"
	}
	return hs
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
	r.p.Tries = r.goRetryTries() // lib_goretrytries.go
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

// goRetryWrap is sethvargo/go-retry's marker for "retry this error"; an error
// returned without it stops the retrying, which is classification.
const goRetryWrap = "github.com/sethvargo/go-retry.RetryableError"
