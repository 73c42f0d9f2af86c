package retryscope

// github.com/lestrrat-go/backoff/v2: a loop `for backoff.Continue(c)` waits
// inside Continue for the controller c = policy.Start(ctx), which stops after
// 10 retries (WithMaxRetries; 0 = never) or when ctx is done. Neither the
// exponential nor the constant policy jitters unless WithJitterFactor is
// given a factor between 0 and 1; the exponential multiplier is at least 2.
// Null allows one attempt.
func init() {
	register(&library{read: (*policyReader).lestrrat, hints: fixedHints(Hints{
		Backoff: "use backoff.Exponential with backoff.WithJitterFactor",
		Jitter:  "add backoff.WithJitterFactor (e.g. 0.1) to the policy",
		Bound:   "set backoff.WithMaxRetries to a positive count",
	})}, "lestrrat-backoff")
}

// lestrratRetries is the controller's default number of retries.
const lestrratRetries = 10

// lestrrat reads the policy behind a controller: the constructor, the
// options, and the context given to Start.
func (r *policyReader) lestrrat() {
	if s := r.method(r.pkg, "Start"); len(s) == 1 && len(s[0].Args) > 0 {
		r.watch(s[0].Args[0].Expr)
	}
	exp := append(r.fn(r.pkg, "Exponential"), r.fn(r.pkg, "NewExponentialPolicy")...)
	cons := append(r.fn(r.pkg, "Constant"), r.fn(r.pkg, "NewConstantPolicy")...)
	null := append(r.fn(r.pkg, "Null"), r.fn(r.pkg, "NewNull")...)
	var base Setting
	switch onlyOne(exp, cons, null) {
	case 0:
		base = exp[0]
		r.shape(ShapeExponential, nil)
	case 1:
		base = cons[0]
		r.shape(ShapeConstant, base.Node)
	case 2:
		r.limit(null[0].Node, 1)
		return
	default:
		return
	}
	jf := r.fn(r.pkg, "WithJitterFactor")
	switch f, ok := floats(jf, 0); {
	case ok:
		r.jitter(tri(f > 0 && f < 1), jf[0].Node)
	case len(jf) == 0:
		r.jitter(TriNo, base.Node)
	}
	max := r.fn(r.pkg, "WithMaxRetries")
	r.capAttempts(max, 0, true, true)
	if len(max) == 0 {
		r.defaults(lestrratRetries+1, false)
	}
}
