package retryscope

// github.com/flowchartsman/retry: retry.NewRetrier(maxTries, initialDelay,
// maxDelay) makes maxTries attempts (5 when maxTries <= 0: it always stops),
// waits an exponentially growing delay with jitter between them (RunContext
// until its context is done), and stops on an error wrapped by retry.Stop.
func init() {
	register(&library{read: (*policyReader).flowchartsman, hints: fixedHints(Hints{
		Bound:    "pass retry.NewRetrier a maxTries above 0 (0 means the default 5)",
		Classify: "wrap errors that cannot succeed with retry.Stop",
	})}, "flowchartsman-retry")
}

const flowchartsmanPkg = "github.com/flowchartsman/retry"

// flowchartsman reads the one NewRetrier call behind the receiver.
func (r *policyReader) flowchartsman() {
	if r.h.Func.Name() == "RunContext" {
		r.watch(r.arg(0))
	}
	r.shape(ShapeExponential, nil)
	r.jitter(TriYes, nil)
	ctor := r.fn(flowchartsmanPkg, "NewRetrier")
	switch n, ok := ints(ctor, 0); {
	case ok && n > 0:
		r.limit(ctor[0].Node, n)
	case ok:
		r.defaults(5, false)
	default:
		r.defaults(0, false) // maxTries out of reach: still a cap, of unknown size
	}
}
