package retryscope

import (
	"go/ast"
	"go/types"
)

// k8sBackoff holds the fields of a wait.Backoff the policy reads; known says
// which are known.
type k8sBackoff struct {
	factor, jitter float64
	steps          int64
	known          [3]bool // factor, jitter, steps
	at             [3]ast.Node
}

// k8sDefaults are client-go's exported backoffs.
var k8sDefaults = map[string]k8sBackoff{
	k8sRetryPkg + ".DefaultRetry":   {factor: 1, jitter: 0.1, steps: 5, known: [3]bool{true, true, true}},
	k8sRetryPkg + ".DefaultBackoff": {factor: 5, jitter: 0.1, steps: 4, known: [3]bool{true, true, true}},
}

// k8s reads a wait.Backoff: Steps bounds the attempts (always), Factor <= 1 keeps
// the wait constant, Jitter 0 (the zero value) adds no randomness.
func (r *policyReader) k8s() {
	if r.h.Entry.ContextAware {
		r.watch(r.arg(0))
	}
	b := r.k8sBase()
	r.k8sField(&b, 0, "Factor")
	r.k8sField(&b, 1, "Jitter")
	r.k8sField(&b, 2, "Steps")
	steps := 0
	if b.known[2] && b.steps > 0 {
		steps = int(b.steps)
	}
	r.defaults(steps, false)
	if b.known[0] {
		r.shape(ShapeExponential, b.at[0])
		if b.factor <= 1 {
			r.shape(ShapeConstant, b.at[0])
		}
	}
	if b.known[1] {
		r.jitter(tri(b.jitter > 0), b.at[1])
	}
}

// k8sBase finds the value the backoff starts from: a literal (zero values) or
// one of client-go's defaults; nothing is known when it comes from elsewhere.
func (r *policyReader) k8sBase() k8sBackoff {
	lits := r.lit(k8sWaitPkg, "Backoff")
	var defs []Setting
	for name := range k8sDefaults {
		defs = append(defs, r.h.Setting(name)...)
	}
	var b k8sBackoff
	switch onlyOne(lits, defs) {
	case 0:
		b.known = [3]bool{true, true, true}
		b.at = [3]ast.Node{lits[0].Node, lits[0].Node, lits[0].Node}
	case 1:
		if len(defs) == 1 {
			b = k8sDefaults[defs[0].Name]
			b.at = [3]ast.Node{defs[0].Node, defs[0].Node, defs[0].Node}
		}
	}
	return b
}

// k8sField applies the settings of one wait.Backoff field (literal keys and
// assignments): a single constant value is known, anything else is not.
func (r *policyReader) k8sField(b *k8sBackoff, i int, name string) {
	ss := r.field(k8sWaitPkg, "Backoff", name)
	if len(ss) == 0 {
		return
	}
	f, ok := floats(ss, 0)
	b.known[i], b.at[i] = ok, ss[0].Node
	switch i {
	case 0:
		b.factor = f
	case 1:
		b.jitter = f
	case 2:
		b.steps = int64(f)
	}
}

// crdb reads cockroach-go: it retries at once by design; Execute never stops;
// ExecuteTx and friends stop after 50 retries unless crdb.WithMaxRetries says
// otherwise (0 = never stop; for ExecuteCtx 0 means a single attempt).
func (r *policyReader) crdb() {
	r.shape(ShapeNone, nil)
	if r.h.Func.Name() == "Execute" && r.pkg == crdbPkg {
		r.forever(r.h.Call)
		return
	}
	r.watch(r.arg(0))
	mr := r.fn(crdbPkg, "WithMaxRetries")
	if len(mr) == 0 {
		r.defaults(crdbDefault, false)
		return
	}
	r.capAttempts(mr, 1, true, r.h.Func.Name() != "ExecuteCtx")
}

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

// contextState says what is known about a context expression's deadline:
// context.Background/TODO never end, WithTimeout/WithDeadline (in the function,
// or under a context derived from it) end in time, anything else comes from the
// caller.
func contextState(info *types.Info, encl *funcNode, e ast.Expr, depth int) CtxState {
	if depth > 6 {
		return CtxCaller
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return callContextState(info, encl, e, depth)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return CtxCaller
		}
		defs := (&flow{info: info, fn: encl}).allDefs()[v]
		if len(defs) == 0 {
			return CtxCaller
		}
		state := CtxBackground
		for _, d := range defs {
			switch contextState(info, encl, d, depth+1) {
			case CtxDeadline:
				return CtxDeadline
			case CtxCaller:
				state = CtxCaller
			}
		}
		return state
	}
	return CtxCaller
}

func callContextState(info *types.Info, encl *funcNode, call *ast.CallExpr, depth int) CtxState {
	if fn := calleeFunc(info, call); fn != nil {
		switch fn.FullName() {
		case "context.Background", "context.TODO", "context.WithoutCancel":
			return CtxBackground
		case "context.WithTimeout", "context.WithDeadline", "context.WithTimeoutCause", "context.WithDeadlineCause":
			return CtxDeadline
		}
	}
	for _, a := range call.Args {
		if IsContext(info.TypeOf(a)) {
			return contextState(info, encl, a, depth+1)
		}
	}
	return CtxCaller
}
