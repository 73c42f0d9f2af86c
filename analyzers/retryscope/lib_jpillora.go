package retryscope

import "time"

// github.com/jpillora/backoff: a Backoff value whose Duration() a hand-written
// loop sleeps. The zero value is usable: Min 100ms, Max 10s, Factor 2, and no
// jitter unless Jitter is set. Factor 1 (or less) keeps the wait at Min, and
// a Min at or above Max (after those defaults) returns Max for every attempt:
// Min 5s with Max 1s waits a flat second (decided on R2).
func init() {
	register(&library{read: (*policyReader).jpillora, hints: fixedHints(Hints{
		Backoff: "set Factor above 1 (the default is 2), Min below Max, and Jitter: true on the backoff.Backoff",
		Jitter:  "set Jitter: true on the backoff.Backoff",
	})}, "jpillora-backoff")
}

const jpilloraPkg = "github.com/jpillora/backoff"

// jpillora reads the one Backoff literal the call's value comes from, and the
// fields set on it; without exactly one literal nothing is known.
func (r *policyReader) jpillora() {
	lits := r.lit(jpilloraPkg, "Backoff")
	if len(lits) != 1 {
		return
	}
	base := lits[0].Node
	r.shape(ShapeExponential, nil)
	factor := r.field(jpilloraPkg, "Backoff", "Factor")
	switch f, ok := floats(factor, 0); {
	case ok && f > 0 && f <= 1:
		r.shape(ShapeConstant, factor[0].Node)
	case len(factor) > 0 && !ok:
		r.shape(ShapeUnknown, nil)
	}
	if least := r.field(jpilloraPkg, "Backoff", "Min"); len(least) > 0 && !r.jpilloraGrows() {
		r.shape(ShapeConstant, least[0].Node)
	}
	r.jitterFlag(r.field(jpilloraPkg, "Backoff", "Jitter"), base)
}

// jpilloraGrows reports whether Min and Max may leave room to grow: false
// only when both are constants, after their defaults, and Min >= Max.
func (r *policyReader) jpilloraGrows() bool {
	least, ok := durationOr(r.field(jpilloraPkg, "Backoff", "Min"), int64(100*time.Millisecond))
	most, ok2 := durationOr(r.field(jpilloraPkg, "Backoff", "Max"), int64(10*time.Second))
	return !ok || !ok2 || least < most
}

// durationOr returns the constant a field is set to, or def when it is not
// set or set to zero or less (jpillora's defaults).
func durationOr(ss []Setting, def int64) (int64, bool) {
	if len(ss) == 0 {
		return def, true
	}
	v, ok := ints(ss, 0)
	if ok && v <= 0 {
		v = def
	}
	return v, ok
}
