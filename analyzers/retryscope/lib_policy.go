package retryscope

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Shape is the form of a retry helper's wait between attempts.
type Shape int

const (
	ShapeUnknown     Shape = iota
	ShapeNone              // no wait: the next attempt starts at once
	ShapeConstant          // the same wait every time
	ShapeExponential       // the wait grows by a factor
	ShapeFibonacci         // the wait grows along the Fibonacci sequence
	ShapeRandom            // a random wait that does not grow
)

// Tristate is yes, no, or unknown.
type Tristate int

const (
	TriUnknown Tristate = iota
	TriNo
	TriYes
)

// CtxState says what is known about the context a helper watches between attempts.
type CtxState int

const (
	CtxNone       CtxState = iota // the helper watches no context
	CtxBackground                 // context.Background/TODO: never done
	CtxCaller                     // a context from the caller: its deadline is unknown here
	CtxDeadline                   // a context that got a deadline in the function
)

// Policy is what a retry helper does between attempts and what stops it: its
// settings (HelperCall.Settings) read with the option semantics of its family and
// the library's defaults.
type Policy struct {
	Family string
	// Shape is the form of the wait; WaitAt the setting that chose it
	// (NewConstantBackOff(d), DelayType(FixedDelay), Factor: 1, or the helper call
	// when its name fixes the wait), nil when it is the library's own behaviour.
	Shape  Shape
	WaitAt ast.Node
	// Jitter says whether a random part is added to the wait; JitterAt is the
	// setting that decided it (RandomizationFactor: 0, a literal that leaves it out,
	// WithJitter(...)), nil for a library default.
	Jitter   Tristate
	JitterAt ast.Node
	// MaxAttempts is the attempt cap when known (0: unknown or unlimited).
	MaxAttempts int
	// Tries is the ceiling on the attempts and on the waits summed over
	// them when the settings show both (a wait.Backoff's Steps, Duration,
	// Factor and Jitter), else the zero Tries.
	Tries Tries
	// Limit is the setting that caps the attempts or the elapsed time, or nil;
	// TimeLimit says it caps the time. DefaultLimit says the library's default
	// cap applies (retry-go's 10 attempts, backoff's 15 minutes, crdb's 50 retries).
	Limit        ast.Node
	TimeLimit    bool
	DefaultLimit bool
	// Unbounded is the setting (or the helper call) that leaves the helper without
	// any cap when no Limit applies, or nil.
	Unbounded ast.Node
	// Context is the context the helper watches between attempts, or nil.
	Context      ast.Expr
	ContextState CtxState
	// BuiltBy is a call of the analysed code that returned the helper's
	// policy value (b := s.newBackoff(ctx)): what its body set, a context
	// among them, is out of sight here, so its absence proves nothing.
	BuiltBy *ast.CallExpr
	// Open is a part of the option list out of reach (a parameter, a field)
	// that may hold the context the call does not show (lib_optorder.go).
	Open ast.Expr
	// Classifier is the setting through which the helper retries only some
	// errors (eapache's retrier.New classifier argument), or nil.
	Classifier ast.Node
	// NoRetry is the setting that turns the retrying off (Temporal's
	// MaximumAttempts: 1), or the helper call when the library makes a single
	// attempt unless told otherwise (a Temporal child workflow without a
	// RetryPolicy); nil when the helper retries. Such a call is no retry region.
	NoRetry ast.Node
}

// Policy returns the helper's policy; every field is unknown for a helper the
// engine has no option semantics for (inferred wrappers, "generic" helpers).
func (h *HelperCall) Policy() *Policy {
	if h.policy == nil {
		return &Policy{}
	}
	return h.policy
}

// newPolicy reads a helper call's settings with its library's option semantics.
func newPolicy(res *Result, encl *funcNode, h *HelperCall) *Policy {
	p := &Policy{}
	if h.Wrapper != nil {
		if fp := forwardedPolicy(res, encl, h); fp != nil {
			return fp
		}
		p.MaxAttempts, p.Tries = h.Wrapper.Attempts, h.Wrapper.Tries
		return p
	}
	if h.Entry == nil {
		return p
	}
	pkg := ""
	if h.Func.Pkg() != nil {
		pkg = h.Func.Pkg().Path()
	}
	return readPolicy(res, encl, h, pkg)
}

// readPolicy reads a known helper's settings, pkg being its package.
func readPolicy(res *Result, encl *funcNode, h *HelperCall, pkg string) *Policy {
	p := &Policy{Family: h.Entry.Family}
	r := &policyReader{info: res.info, res: res, encl: encl, h: h, p: p, pkg: pkg}
	if l := h.library(); l != nil {
		l.read(r)
	}
	p.BuiltBy = r.builtOutOfSight()
	p.settle()
	return p
}

// settle drops the "no limit" a setting made when another one, or the
// library's default, caps the attempts.
func (p *Policy) settle() {
	if p.Limit != nil || p.DefaultLimit {
		p.Unbounded = nil
	}
}

// bound turns the policy into the region's Bound.
func (p *Policy) bound(h *HelperCall) Bound {
	b := Bound{MaxAttempts: p.MaxAttempts, Tries: p.Tries}
	limit := p.Limit
	if limit == nil && p.DefaultLimit {
		limit = h.Call
	}
	switch {
	case limit != nil && p.TimeLimit:
		b.Deadline, b.DeadlineLocal = limit, true
	case limit != nil:
		b.Counter = limit
	}
	if b.Counter == nil && b.Deadline == nil && p.Context != nil {
		switch p.ContextState {
		case CtxCaller:
			b.Deadline = p.Context
		case CtxDeadline:
			b.Deadline, b.DeadlineLocal = p.Context, true
		}
	}
	if b.Counter == nil && !b.DeadlineLocal {
		b.Unbounded = p.Unbounded
	}
	return b
}

// policyReader interprets one helper call's settings.
type policyReader struct {
	info *types.Info
	res  *Result
	encl *funcNode
	h    *HelperCall
	pkg  string // the helper's package path
	p    *Policy
	// parts is the option list in order, once listed (lib_optorder.go).
	parts []optionPart
}

// fn returns the settings of a function of pkg.
func (r *policyReader) fn(pkg, name string) []Setting { return r.h.Setting(pkg + "." + name) }

// field returns the settings of a struct field of pkg.Type.
func (r *policyReader) field(pkg, typ, f string) []Setting {
	return r.h.Setting("(" + pkg + "." + typ + ")." + f)
}

// lit returns the composite literals of pkg.Type.
func (r *policyReader) lit(pkg, typ string) []Setting { return r.h.Setting(pkg + "." + typ + "{}") }

// method returns the settings of a method of any type of pkg.
func (r *policyReader) method(pkg, name string) []Setting {
	var out []Setting
	for _, s := range r.h.Settings {
		if isMethodOf(s.Name, pkg, name) {
			out = append(out, s)
		}
	}
	return out
}

// isMethodOf reports whether a function's full name is "(pkg.T).name" or
// "(*pkg.T).name", type arguments included.
func isMethodOf(full, pkg, name string) bool {
	suffix := ")." + name
	if len(full) <= len(suffix) || full[len(full)-len(suffix):] != suffix {
		return false
	}
	for _, prefix := range []string{"(" + pkg + ".", "(*" + pkg + "."} {
		if len(full) > len(prefix) && full[:len(prefix)] == prefix {
			return true
		}
	}
	return false
}

func (r *policyReader) shape(s Shape, at ast.Node) { r.p.Shape, r.p.WaitAt = s, at }

func (r *policyReader) jitter(j Tristate, at ast.Node) { r.p.Jitter, r.p.JitterAt = j, at }

// jitterFlag reads a `Jitter bool` field: no jitter when the field is left
// out (reported at absent), as written when it is a constant.
func (r *policyReader) jitterFlag(jit []Setting, absent ast.Node) {
	switch j, ok := bools(jit, 0); {
	case len(jit) == 0:
		r.jitter(TriNo, absent)
	case ok:
		r.jitter(tri(j), jit[0].Node)
	}
}

// once records that the call makes a single attempt.
func (r *policyReader) once(at ast.Node) { r.p.NoRetry = at }

// forever marks the helper as unbounded by the node, unless a limit shows up.
func (r *policyReader) forever(at ast.Node) {
	if r.p.Unbounded == nil {
		r.p.Unbounded = at
	}
}

// limit records an attempt cap (n > 0) or a cap of unknown size (n == 0).
func (r *policyReader) limit(at ast.Node, n int64) {
	if r.p.Limit == nil || r.p.TimeLimit {
		r.p.Limit, r.p.TimeLimit = at, false
		r.p.MaxAttempts = int(n)
	}
}

// timeLimit records a cap of the elapsed time.
func (r *policyReader) timeLimit(at ast.Node) {
	if r.p.Limit == nil {
		r.p.Limit, r.p.TimeLimit = at, true
	}
}

// defaults records the library's default cap.
func (r *policyReader) defaults(attempts int, byTime bool) {
	if r.p.Limit == nil {
		r.p.DefaultLimit, r.p.TimeLimit, r.p.MaxAttempts = true, byTime, attempts
	}
}

// watch records the context the helper watches between attempts.
func (r *policyReader) watch(e ast.Expr) {
	if e == nil || !IsContext(r.info.TypeOf(e)) {
		return
	}
	r.p.Context = e
	r.p.ContextState = contextState(r.info, r.encl, e, 0)
}

// builtOutOfSight returns the first setting that is a call of a function
// outside the helper's library returning one of the library's types: a
// builder of the analysed code (or of another library) made the value.
func (r *policyReader) builtOutOfSight() *ast.CallExpr {
	for _, s := range r.h.Settings {
		call, ok := s.Node.(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := code.Callee(r.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() == r.pkg {
			continue
		}
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Results().Len() > 0 && isTypeOf(sig.Results().At(0).Type(), r.pkg) {
			return call
		}
	}
	return nil
}

// isTypeOf reports whether t, or what it points to, is a named type of pkg.
func isTypeOf(t types.Type, pkg string) bool {
	name := namedTypeName(t)
	return strings.HasPrefix(name, pkg+".") && !strings.Contains(name[len(pkg)+1:], "/")
}

// arg returns the helper call's i-th argument, or nil.
func (r *policyReader) arg(i int) ast.Expr {
	if i < len(r.h.Call.Args) {
		return r.h.Call.Args[i]
	}
	return nil
}

// ints returns the common integer constant of the settings' i-th arguments; ok
// is false when one is not constant, they differ, or there are none.
func ints(ss []Setting, i int) (v int64, ok bool) {
	for k, s := range ss {
		if i >= len(s.Args) {
			return 0, false
		}
		x, isInt := s.Args[i].Int()
		if !isInt || (k > 0 && x != v) {
			return 0, false
		}
		v = x
	}
	return v, len(ss) > 0
}

// floats is ints for numbers.
func floats(ss []Setting, i int) (v float64, ok bool) {
	for k, s := range ss {
		if i >= len(s.Args) {
			return 0, false
		}
		x, isNum := s.Args[i].Float()
		if !isNum || (k > 0 && x != v) {
			return 0, false
		}
		v = x
	}
	return v, len(ss) > 0
}

// randomIn reports whether a random draw flows into the settings' arguments
// (math/rand, a function named *jitter*): a delay drawn once per call spreads
// the clients apart as jitter does, so the policy claims no "no jitter".
func (r *policyReader) randomIn(ss []Setting) bool {
	found := false
	for _, s := range ss {
		for _, a := range s.Args {
			code.Inspect(a.Expr, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if fn := code.Callee(r.info, call); r.res.FreshFunc(fn).Random() {
						found = true
					}
				}
				return !found
			})
		}
	}
	return found
}

// bools is ints for booleans.
func bools(ss []Setting, i int) (v bool, ok bool) {
	for k, s := range ss {
		if i >= len(s.Args) {
			return false, false
		}
		x, isBool := s.Args[i].Bool()
		if !isBool || (k > 0 && x != v) {
			return false, false
		}
		v = x
	}
	return v, len(ss) > 0
}

// capAttempts reads an attempt cap from the settings' i-th argument: retries
// counts retries (attempts = n+1); zero says what 0 means (unbounded, or a
// single attempt).
func (r *policyReader) capAttempts(ss []Setting, i int, retries, zeroUnbounded bool) {
	if len(ss) == 0 {
		return
	}
	n, ok := ints(ss, i)
	switch {
	case !ok:
		r.limit(ss[0].Node, 0)
	case n < 0 || (n == 0 && zeroUnbounded):
		r.forever(ss[0].Node)
	case retries:
		r.limit(ss[0].Node, n+1)
	default:
		r.limit(ss[0].Node, n)
	}
}

// onlyOne returns the index of the only non-empty group, or -1.
func onlyOne(groups ...[]Setting) int {
	idx := -1
	for i, g := range groups {
		if len(g) == 0 {
			continue
		}
		if idx >= 0 {
			return -1
		}
		idx = i
	}
	return idx
}

// Name is the helper's name for messages: "retry.Do", "backoff.Retry",
// "Retrier.Do" for a method.
func (h *HelperCall) Name() string {
	fn := h.Func
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// tri is a known yes or no.
func tri(b bool) Tristate {
	if b {
		return TriYes
	}
	return TriNo
}
