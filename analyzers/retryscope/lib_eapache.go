package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// github.com/eapache/go-resiliency/retrier: retrier.New(backoffs, classifier)
// makes one attempt more than there are backoffs (WithInfiniteRetry: no end),
// waits backoffs[i] with no jitter unless SetJitter is given a factor, and
// retries what the classifier says (nil or DefaultClassifier: every error).
func init() {
	register(&library{read: (*policyReader).eapache, hints: fixedHints(Hints{
		Backoff:  "use retrier.ExponentialBackoff and call SetJitter on the retrier",
		Jitter:   "call SetJitter (e.g. 0.25) on the retrier",
		Bound:    "drop WithInfiniteRetry, or give the work a context with a deadline",
		Classify: "pass retrier.New a classifier (a WhitelistClassifier of the transient errors, or your own Classifier)",
	})}, "eapache-retrier")
}

const eapachePkg = "github.com/eapache/go-resiliency/retrier"

// eapache reads the one retrier.New call behind the receiver.
func (r *policyReader) eapache() {
	if r.h.Func.Name() != "Run" {
		r.watch(r.arg(0))
	}
	ctor := r.fn(eapachePkg, "New")
	for _, c := range ctor {
		if len(c.Args) == 2 {
			r.eapacheClassifier(c.Args[1].Expr)
		}
	}
	if len(ctor) != 1 || len(ctor[0].Args) != 2 {
		return
	}
	cons, exp := r.fn(eapachePkg, "ConstantBackoff"), append(r.fn(eapachePkg, "ExponentialBackoff"), r.fn(eapachePkg, "LimitedExponentialBackoff")...)
	var base Setting
	switch onlyOne(cons, exp) {
	case 0:
		base = cons[0]
		r.shape(ShapeConstant, base.Node)
	case 1:
		base = exp[0]
		r.shape(ShapeExponential, nil)
	default:
		r.limit(ctor[0].Node, 0) // a slice of backoffs: finite
		return
	}
	if n, ok := ints([]Setting{base}, 0); ok {
		r.limit(base.Node, n+1)
	} else {
		r.limit(base.Node, 0)
	}
	jit := r.method(eapachePkg, "SetJitter")
	switch f, ok := floats(jit, 0); {
	case r.randomIn([]Setting{base}):
	case ok:
		r.jitter(tri(f > 0), jit[0].Node)
	case len(jit) == 0:
		r.jitter(TriNo, ctor[0].Node)
	}
	if inf := r.method(eapachePkg, "WithInfiniteRetry"); len(inf) > 0 {
		r.p.Limit, r.p.MaxAttempts = nil, 0
		r.forever(inf[0].Node)
	}
}

// eapacheClassifier records a classifier argument unless it retries every
// error (nil, DefaultClassifier); of several retrier.New calls on one
// variable, any that classifies counts.
func (r *policyReader) eapacheClassifier(class ast.Expr) {
	if code.IsNil(r.info, class) {
		return
	}
	if t := r.info.TypeOf(class); t != nil {
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Name() == "DefaultClassifier" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == eapachePkg {
			return
		}
	}
	r.p.Classifier = class
}
