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

// github.com/lestrrat-go/backoff (v1, the unversioned module): the same loop
// on `b, cancel := policy.Start(ctx)`, and backoff.Retry(ctx, policy,
// executer), which stops on an error marked with backoff.MarkPermanent (an
// executer out of reach may mark its errors: failsInCallee). A
// policy retries 10 times unless WithMaxRetries says otherwise (0, or
// WithRetryForever: never stops) or WithMaxElapsedTime caps the time.
// NewExponential jitters by 0.5 unless WithJitterFactor(0), and grows by
// WithFactor (2 by default); NewConstant never jitters.
func init() {
	register(&library{read: (*policyReader).lestrratV1, failsInCallee: true, hints: fixedHints(Hints{
		Backoff:  "use backoff.NewExponential (it adds jitter unless WithJitterFactor(0))",
		Jitter:   "give backoff.WithJitterFactor a factor above 0 (NewExponential's default is 0.5)",
		Bound:    "set backoff.WithMaxRetries to a positive count or backoff.WithMaxElapsedTime",
		Classify: "wrap errors that cannot succeed with backoff.MarkPermanent",
	})}, "lestrrat-backoff-v1")
}

// lestrratV1 reads the policy behind a backoff (Continue) or a Retry call.
func (r *policyReader) lestrratV1() {
	if r.h.Func.Name() == "Retry" {
		r.watch(r.arg(0))
	} else if s := r.method(r.pkg, "Start"); len(s) == 1 && len(s[0].Args) > 0 {
		r.watch(s[0].Args[0].Expr)
	}
	exp, cons := r.fn(r.pkg, "NewExponential"), r.fn(r.pkg, "NewConstant")
	switch onlyOne(exp, cons) {
	case 0:
		r.lestrratV1Exponential()
	case 1:
		r.shape(ShapeConstant, cons[0].Node)
		r.jitter(TriNo, cons[0].Node) // NewConstant ignores WithJitterFactor
	default:
		return
	}
	if t := r.fn(r.pkg, "WithMaxElapsedTime"); len(t) > 0 {
		if d, ok := ints(t, 0); !ok || d > 0 {
			r.timeLimit(t[0].Node)
		}
	}
	max, forever := r.fn(r.pkg, "WithMaxRetries"), r.fn(r.pkg, "WithRetryForever")
	r.capAttempts(max, 0, true, true)
	if len(forever) > 0 {
		r.forever(forever[0].Node)
	}
	if len(max)+len(forever) == 0 {
		r.defaults(lestrratRetries+1, false)
	}
}

// lestrratV1Exponential reads the growth and the jitter of NewExponential.
func (r *policyReader) lestrratV1Exponential() {
	r.shape(ShapeExponential, nil)
	if f := r.fn(r.pkg, "WithFactor"); len(f) > 0 {
		switch v, ok := floats(f, 0); {
		case ok && v == 1:
			r.shape(ShapeConstant, f[0].Node)
		case !ok || v < 1:
			r.shape(ShapeUnknown, f[0].Node)
		}
	}
	jf := r.fn(r.pkg, "WithJitterFactor")
	switch v, ok := floats(jf, 0); {
	case len(jf) == 0:
		r.jitter(TriYes, nil) // the default factor, 0.5
	case ok:
		r.jitter(tri(v > 0), jf[0].Node)
	}
}
