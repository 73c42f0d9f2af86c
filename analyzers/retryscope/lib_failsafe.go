package retryscope

import "go/ast"

// github.com/failsafe-go/failsafe-go: a retrypolicy among the executor's
// policies; the context comes through Executor.WithContext.
func init() {
	register(&library{read: (*policyReader).failsafe, hints: fixedHints(Hints{
		Backoff:  "use WithBackoff(delay, maxDelay) and WithJitterFactor",
		Jitter:   "add WithJitterFactor or WithJitter to the retry policy",
		Bound:    "set WithMaxRetries or WithMaxAttempts to a non-negative count, or add WithMaxDuration",
		Classify: "restrict the policy with HandleErrors/HandleIf or AbortOnErrors",
	})}, "failsafe")
}

const (
	failsafePkg = "github.com/failsafe-go/failsafe-go"
	retryPolPkg = failsafePkg + "/retrypolicy"
	failsafeMax = 3 // 2 retries
)

// failsafe reads a failsafe-go retry policy: 3 attempts and no delay by default,
// -1 retries or attempts = never stop.
func (r *policyReader) failsafe() {
	ctors := append(r.fn(retryPolPkg, "NewBuilder"), r.fn(retryPolPkg, "NewWithDefaults")...)
	if len(ctors) == 0 {
		return
	}
	if c := r.method(failsafePkg, "WithContext"); len(c) > 0 && len(c[0].Args) > 0 {
		r.watch(c[0].Args[0].Expr)
	}
	r.capAttempts(r.fsMethod("WithMaxRetries"), 0, true, false)
	r.capAttempts(r.fsMethod("WithMaxAttempts"), 0, false, false)
	if d := r.fsMethod("WithMaxDuration"); len(d) > 0 {
		r.timeLimit(d[0].Node)
	}
	if r.p.Limit == nil && r.p.Unbounded == nil {
		r.defaults(failsafeMax, false)
	}
	r.failsafeDelay(ctors[0].Node)
}

// fsMethod returns the settings of a method of a failsafe-go retry policy
// builder: its own, or one it inherits from failsafe's generic builders
// (WithDelay comes from failsafe.DelayablePolicyBuilder).
func (r *policyReader) fsMethod(name string) []Setting {
	return append(r.method(retryPolPkg, name), r.method(failsafePkg, name)...)
}

// failsafeDelay reads the delay options of a failsafe-go retry policy.
func (r *policyReader) failsafeDelay(ctor ast.Node) {
	groups := [][]Setting{
		r.fsMethod("WithDelay"),
		append(r.fsMethod("WithBackoff"), r.fsMethod("WithBackoffFactor")...),
		r.fsMethod("WithRandomDelay"),
		r.fsMethod("WithDelayFunc"),
	}
	jit := append(r.fsMethod("WithJitter"), r.fsMethod("WithJitterFactor")...)
	i := onlyOne(groups...)
	switch {
	case i < 0 && len(groups[0])+len(groups[1])+len(groups[2])+len(groups[3]) == 0:
		r.shape(ShapeNone, ctor)
		return
	case i < 0 || i == 3:
		return
	case i == 2:
		r.shape(ShapeRandom, groups[2][0].Node)
		r.jitter(TriYes, groups[2][0].Node)
		return
	}
	r.shape([]Shape{ShapeConstant, ShapeExponential}[i], groups[i][0].Node)
	if len(jit) > 0 {
		r.jitter(TriYes, jit[0].Node)
	} else {
		r.jitter(TriNo, groups[i][0].Node)
	}
}
