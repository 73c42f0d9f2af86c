package retryscope

import "go/ast"

// github.com/cenkalti/backoff, v4 and v5. v4 takes the context through
// backoff.WithContext(b, ctx); v5 takes it first.
func init() {
	register(&library{read: (*policyReader).backoffV4, hints: backoffHints(false)}, "backoff-v4")
	register(&library{read: (*policyReader).backoffV5, hints: backoffHints(true)}, "backoff-v5")
}

// backoffHints advises on a backoff helper; the jitter advice depends on whether
// the report is at an ExponentialBackOff literal or at a setting.
func backoffHints(v5 bool) func(*HelperCall, ast.Node) Hints {
	return func(h *HelperCall, at ast.Node) Hints {
		hs := Hints{
			Context:  "pass backoff.WithContext(b, %s)",
			Backoff:  "use backoff.NewExponentialBackOff(), which grows the wait and adds jitter",
			Jitter:   "RandomizationFactor 0 turns the jitter off; keep the default 0.5",
			Bound:    "wrap the backoff in backoff.WithMaxRetries or give it a MaxElapsedTime",
			Classify: "wrap errors that cannot succeed with backoff.Permanent",
		}
		if _, isLit := at.(*ast.CompositeLit); isLit {
			hs.Jitter = "the ExponentialBackOff literal leaves RandomizationFactor at 0; set it (the default is 0.5) or use backoff.NewExponentialBackOff()"
		}
		if v5 {
			hs.Context = ""
			hs.Bound = "add backoff.WithMaxTries or a non-zero backoff.WithMaxElapsedTime"
		}
		return hs
	}
}

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
	if r.h.Func.Name() == "NextBackOff" {
		r.backOff(false) // a hand-written loop's wait (backoff_calls): only the BackOff counts
		return
	}
	r.watch(r.arg(0))
	el := r.fn(r.pkg, "WithMaxElapsedTime")
	switch d, ok := ints(el, 0); {
	case r.overridden(el): // the caller's options may replace it (lib_optorder.go)
		r.timeLimit(r.holder("WithMaxElapsedTime"))
	case ok && d == 0:
		r.forever(el[0].Node)
	case len(el) > 0:
		r.timeLimit(el[0].Node)
	default:
		r.defaults(0, true)
	}
	if tries := r.fn(r.pkg, "WithMaxTries"); r.overridden(tries) {
		r.limit(r.holder("WithMaxTries"), 0)
	} else {
		r.capAttempts(tries, 0, false, true)
	}
	switch bo := r.fn(r.pkg, "WithBackOff"); {
	case len(bo) == 0:
		r.shape(ShapeExponential, nil)
		r.jitter(TriYes, nil)
	case !r.overridden(bo):
		r.backOff(false)
	}
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
