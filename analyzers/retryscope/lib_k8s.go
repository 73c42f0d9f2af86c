package retryscope

import (
	"go/ast"
	"time"
)

// Kubernetes: client-go's retry.RetryOnConflict/OnError (which classify: they
// retry conflicts, or what OnError's predicate accepts; rules.yaml says which
// of them classifies and where the predicate is) and apimachinery's
// wait.ExponentialBackoff (whose condition stops the retrying by returning an
// error).
func init() {
	hs := Hints{
		Backoff: "set Factor above 1 and a Jitter in the wait.Backoff",
		Jitter:  "set a Jitter (e.g. 0.1) in the wait.Backoff",
	}
	hs.Classify = "give retry.OnError a predicate that accepts only transient errors (apierrors.IsServerTimeout, IsTooManyRequests, a network timeout)"
	register(&library{read: (*policyReader).k8s, policyValue: true, hints: fixedHints(hs)}, "k8s-retry")
	hs.Classify = "return an error from the condition for failures that cannot succeed"
	register(&library{read: (*policyReader).k8s, stopsOnError: true, policyValue: true, hints: fixedHints(hs)}, "k8s-wait")
}

const (
	k8sWaitPkg  = "k8s.io/apimachinery/pkg/util/wait"
	k8sRetryPkg = "k8s.io/client-go/util/retry"
)

// k8sBackoff holds the fields of a wait.Backoff the policy reads; known says
// which are known.
type k8sBackoff struct {
	factor, jitter float64
	steps          int64
	duration       float64 // nanoseconds
	known          [4]bool // factor, jitter, steps, duration
	at             [4]ast.Node
}

// k8sDefaults are client-go's exported backoffs.
var k8sDefaults = map[string]k8sBackoff{
	k8sRetryPkg + ".DefaultRetry":   {factor: 1, jitter: 0.1, steps: 5, duration: float64(10 * time.Millisecond), known: [4]bool{true, true, true, true}},
	k8sRetryPkg + ".DefaultBackoff": {factor: 5, jitter: 0.1, steps: 4, duration: float64(10 * time.Millisecond), known: [4]bool{true, true, true, true}},
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
	r.k8sField(&b, 3, "Duration")
	steps := 0
	if b.known[2] && b.steps > 0 {
		steps = int(b.steps)
	}
	if !b.known[2] && b.at[2] != nil {
		r.limit(b.at[2], 0) // Steps set to a value out of sight: BoundDeclaredElsewhere reads it
	}
	r.defaults(steps, false)
	r.p.Tries = b.tries()
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
		b.known = [4]bool{true, true, true, true}
		b.at = [4]ast.Node{lits[0].Node, lits[0].Node, lits[0].Node, lits[0].Node}
	case 1:
		if len(defs) == 1 {
			b = k8sDefaults[defs[0].Name]
			b.at = [4]ast.Node{defs[0].Node, defs[0].Node, defs[0].Node, defs[0].Node}
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
	case 3:
		b.duration = f
	}
}

// tries returns the backoff's ceiling on its attempts and waits when every
// field that sets them is known: Steps attempts with a wait before each but
// the first, Duration growing by Factor (0 keeps it), each stretched by up
// to 1+Jitter. A Cap only shortens the waits, so the sum without it is a
// ceiling still.
func (b k8sBackoff) tries() Tries {
	if b.known != [4]bool{true, true, true, true} || b.steps <= 0 || b.steps > maxRounds {
		return Tries{}
	}
	grow, stretch := b.factor, 1+max(b.jitter, 0)
	if grow == 0 {
		grow = 1
	}
	wait, total := max(b.duration, 0), 0.0
	for range b.steps - 1 {
		total += wait * stretch
		wait *= max(grow, 0)
	}
	d, ok := duration(total)
	if !ok {
		return Tries{}
	}
	return Tries{Attempts: int(b.steps), Wait: d}
}
