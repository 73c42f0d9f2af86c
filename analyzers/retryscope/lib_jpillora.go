package retryscope

// github.com/jpillora/backoff: a Backoff value whose Duration() a hand-written
// loop sleeps. The zero value is usable: Min 100ms, Max 10s, Factor 2, and no
// jitter unless Jitter is set. Factor 1 (or less) keeps the wait at Min.
func init() {
	register(&library{read: (*policyReader).jpillora, hints: fixedHints(Hints{
		Backoff: "set Factor above 1 (the default is 2) and Jitter: true on the backoff.Backoff",
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
	r.jitterFlag(r.field(jpilloraPkg, "Backoff", "Jitter"), base)
}
