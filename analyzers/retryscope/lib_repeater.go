package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// github.com/go-pkgz/repeater (v1 from v1.1.0, and v2): Repeater.Do(ctx, fun,
// errs...) calls fun until it succeeds or the attempts run out, and returns at
// once when ctx is done (also during a wait) or when fun's error matches one of
// errs (the "critical" errors). Every other error is retried.
//
// v1 takes a strategy: repeater.NewDefault(n, d) and &strategy.FixedDelay{}
// make n attempts d apart; &strategy.Backoff{} multiplies Duration by Factor
// (1 unless above) and randomises only with Jitter: true; New(nil) makes 10
// attempts 5s apart; strategy.Once makes one. Repeats 0 means one attempt.
//
// v2 takes the attempts first (1 when <= 0): NewFixed(n, d) waits d every
// time, NewBackoff(n, initial, opts...) grows exponentially with 10% jitter
// unless WithBackoffType or WithJitter say otherwise, NewWithStrategy(n, s)
// waits s's delays (a nil s: a fixed second). SetErrorClassifier replaces the
// critical errors; the critical error ErrAny stops on every error.
func init() {
	register(&library{read: (*policyReader).repeater, hints: repeaterHints,
		understands: []string{AspectContext, AspectAttempts, AspectGrowth, AspectJitter, AspectClassification}}, "go-pkgz-repeater")
}

const (
	repeaterV1       = "github.com/go-pkgz/repeater"
	repeaterStrategy = repeaterV1 + "/strategy"
)

func repeaterHints(h *HelperCall, _ ast.Node) Hints {
	if h.Func.Pkg() != nil && h.Func.Pkg().Path() == repeaterV1 {
		return Hints{
			Backoff:  "use repeater.New(&strategy.Backoff{Repeats: n, Duration: d, Factor: 2, Jitter: true})",
			Jitter:   "set Jitter: true on the strategy.Backoff",
			Classify: "pass Do the errors that cannot succeed (Do(ctx, fn, ErrNotFound)): they stop the repeats",
		}
	}
	return Hints{
		Backoff:  "use repeater.NewBackoff(attempts, initial): exponential, with 10% jitter",
		Jitter:   "give NewBackoff a WithJitter factor above 0 (the default is 0.1)",
		Classify: "pass Do the errors that cannot succeed (Do(ctx, fn, ErrNotFound)), or set a classifier with SetErrorClassifier",
	}
}

// repeater reads the context, the critical errors and the one constructor
// behind the receiver.
func (r *policyReader) repeater() {
	if !IsContext(r.info.TypeOf(r.arg(0))) {
		// v1.0.0's Do(fun, errs...): the callback is not where the entry
		// says, so no region rather than a wrong one.
		r.once(r.h.Call)
		return
	}
	r.watch(r.arg(0))
	stopsOnAny := r.criticalErrors()
	if r.pkg == repeaterV1 {
		r.repeaterV1()
		return
	}
	ctors := [][]Setting{r.fn(r.pkg, "NewFixed"), r.fn(r.pkg, "NewBackoff"), r.fn(r.pkg, "NewWithStrategy")}
	i := onlyOne(ctors...)
	switch cls := r.method(r.pkg, "SetErrorClassifier"); {
	case len(cls) > 0:
		r.p.Classifier = cls[0].Node // it takes precedence over the critical errors
	case i < 0:
		r.p.Classifier = r.h.Call // built out of sight, where a classifier may have been set
	case stopsOnAny != nil:
		r.once(stopsOnAny)
	}
	if i < 0 || len(ctors[i]) != 1 {
		return
	}
	ctor := ctors[i][0]
	if !r.repeats(ctor.Node, ctor.Args, 0) {
		return
	}
	switch i {
	case 0:
		r.constWait(ctor.Node, isZero(ctor.Args, 1))
	case 1:
		r.repeaterBackoff(ctor)
	case 2:
		r.repeaterStrategy(ctor)
	}
}

// criticalErrors records Do's critical errors as its classifier and returns
// v2's ErrAny among them (every error is critical), or nil.
func (r *policyReader) criticalErrors() ast.Expr {
	var stopsOnAny ast.Expr
	for _, e := range r.h.Call.Args[min(2, len(r.h.Call.Args)):] {
		if code.IsNil(r.info, e) {
			continue
		}
		if r.p.Classifier == nil {
			r.p.Classifier = e // a list handed on with errs... may hold anything
		}
		if code.IsObject(r.info.Uses[code.NameIdent(e)], r.pkg, "ErrAny") {
			stopsOnAny = e
		}
	}
	return stopsOnAny
}

// repeats reads an attempt count, args[i] (v1 Repeats, v2 attempts): one or
// fewer is a single attempt, so the call is no retry. It reports whether the
// call retries.
func (r *policyReader) repeats(at ast.Node, args []Value, i int) bool {
	n, ok := intArg(args, i)
	switch {
	case !ok:
		r.limit(at, 0)
	case n <= 1:
		r.once(at)
		return false
	default:
		r.limit(at, n)
	}
	return true
}

// constWait records a wait that never changes and is not randomised; none
// when it is zero.
func (r *policyReader) constWait(at ast.Node, zero bool) {
	if zero {
		r.shape(ShapeNone, at)
	} else {
		r.shape(ShapeConstant, at)
	}
	r.jitter(TriNo, at)
}

// intArg returns the integer constant args[i].
func intArg(args []Value, i int) (int64, bool) {
	if i >= len(args) {
		return 0, false
	}
	return args[i].Int()
}

// isZero reports whether args[i] is the constant 0.
func isZero(args []Value, i int) bool {
	n, ok := intArg(args, i)
	return ok && n == 0
}

// repeaterBackoff reads v2's NewBackoff and its options.
func (r *policyReader) repeaterBackoff(ctor Setting) {
	if isZero(ctor.Args, 1) {
		r.shape(ShapeNone, ctor.Node) // every multiple of no wait is no wait
		return
	}
	r.shape(ShapeExponential, nil)
	kind := r.fn(r.pkg, "WithBackoffType")
	switch t, ok := ints(kind, 0); {
	case ok && t == 0: // BackoffConstant
		r.shape(ShapeConstant, kind[0].Node)
	case ok && t == 2: // BackoffExponential
		r.shape(ShapeExponential, kind[0].Node)
	case len(kind) > 0: // BackoffLinear grows, but not by a factor
		r.shape(ShapeUnknown, nil)
	}
	r.jitter(TriYes, nil)
	jit := r.fn(r.pkg, "WithJitter")
	switch f, ok := floats(jit, 0); {
	case ok:
		r.jitter(tri(f > 0), jit[0].Node)
	case len(jit) > 0:
		r.jitter(TriUnknown, nil)
	}
}

// repeaterStrategy reads v2's NewWithStrategy: a FixedDelay (or nil, a
// fixed second) waits the same every time; any other strategy is the code's
// own.
func (r *policyReader) repeaterStrategy(ctor Setting) {
	if len(ctor.Args) < 2 {
		return
	}
	s := ctor.Args[1].Expr
	switch {
	case code.IsNil(r.info, s):
		r.constWait(ctor.Node, false)
	case code.IsNamed(r.info.TypeOf(s), r.pkg, "FixedDelay"):
		mk, lit, delay := r.fn(r.pkg, "NewFixedDelay"), r.lit(r.pkg, "FixedDelay"), r.field(r.pkg, "FixedDelay", "Delay")
		switch {
		case len(mk) == 1 && len(lit) == 0:
			r.constWait(mk[0].Node, isZero(mk[0].Args, 0))
		case len(lit) == 1 && len(mk) == 0 && len(delay) <= 1:
			r.constWait(lit[0].Node, len(delay) == 0 || isZero(delay[0].Args, 0))
		}
	}
}

// repeaterV1 reads v1's NewDefault, or New and its strategy.
func (r *policyReader) repeaterV1() {
	if def := r.fn(r.pkg, "NewDefault"); len(def) == 1 {
		if r.repeats(def[0].Node, def[0].Args, 0) {
			r.constWait(def[0].Node, isZero(def[0].Args, 1))
		}
		return
	}
	ctor := r.fn(r.pkg, "New")
	if len(ctor) != 1 || len(ctor[0].Args) != 1 {
		return
	}
	s := ctor[0].Args[0].Expr
	switch t := r.info.TypeOf(s); {
	case code.IsNil(r.info, s):
		r.limit(ctor[0].Node, 10)
		r.constWait(ctor[0].Node, false)
	case code.IsNamed(t, repeaterStrategy, "Once"):
		r.once(ctor[0].Node)
	case code.IsNamed(t, repeaterStrategy, "FixedDelay"):
		r.v1Strategy("FixedDelay", func(lit ast.Node) {
			delay := r.field(repeaterStrategy, "FixedDelay", "Delay")
			if len(delay) <= 1 {
				r.constWait(lit, len(delay) == 0 || isZero(delay[0].Args, 0))
			}
		})
	case code.IsNamed(t, repeaterStrategy, "Backoff"):
		r.v1Strategy("Backoff", r.v1Backoff)
	}
}

// v1Strategy reads the one literal of a v1 strategy type: its Repeats, then
// its wait.
func (r *policyReader) v1Strategy(typ string, wait func(lit ast.Node)) {
	lits := r.lit(repeaterStrategy, typ)
	if len(lits) != 1 {
		return
	}
	lit := lits[0].Node
	switch reps := r.field(repeaterStrategy, typ, "Repeats"); len(reps) {
	case 0:
		r.once(lit) // Repeats left out: one attempt
	case 1:
		if r.repeats(reps[0].Node, reps[0].Args, 0) {
			wait(lit)
		}
	default:
		r.limit(lit, 0) // set more than once: some count
	}
}

// v1Backoff reads a strategy.Backoff: Factor 1 or less (or left out) keeps
// the wait at Duration; without Jitter: true the wait is not randomised.
func (r *policyReader) v1Backoff(lit ast.Node) {
	factor := r.field(repeaterStrategy, "Backoff", "Factor")
	switch f, ok := floats(factor, 0); {
	case len(factor) == 0:
		r.shape(ShapeConstant, lit)
	case ok && (f <= 0 || f == 1):
		r.shape(ShapeConstant, factor[0].Node)
	case ok && f > 1:
		r.shape(ShapeExponential, factor[0].Node)
	}
	r.jitterFlag(r.field(repeaterStrategy, "Backoff", "Jitter"), lit)
}
