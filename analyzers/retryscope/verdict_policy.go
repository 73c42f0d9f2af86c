package retryscope

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A policy's verdict on the failure path. A hand-written retry (a loop or a
// self-call) often hands the failed attempt's error to a policy the caller
// chose: a func-typed field, parameter or variable, or an interface method
// (if e := c.RetryFunc(ctx, err, n); e != nil { return e }; return c.do(ctx, n+1)),
// itself or made into another error first (fmt.Errorf("send: %w", err)).
// When its answer decides whether the next attempt happens (one side of the
// test leaves, the other goes on to the next attempt), the policy is the
// retry's verdict, as a verdict wrapper's callback is (verdict_calls.go): one
// the engine cannot read may do anything, so it classifies and bounds; and it
// may wait before it answers. A policy the package shows all the values of (an
// unexported field or variable it sets, an interface of its own with its
// implementations, a literal in a local variable) is read instead: it decides
// only when some value can answer "stop" (a non-nil error; a bool that is not
// always the same). Declared functions and methods are read as code
// (verdict_declared.go), not taken for a policy; a call that does not receive the failure (c.reconnect(ctx)), or
// whose answer is not tested (c.OnError(err)), is no verdict.

// policyVerdict returns the first call on the ways from a failure to the next
// attempt that is such a verdict, or nil.
func (w *retryWays) policyVerdict() *ast.CallExpr {
	if call := w.firstVerdict(w.f.policyCall); call != nil {
		return call
	}
	return w.checkPolicyVerdict() // verdict_checkpolicy.go
}

// firstVerdict returns the first call on the ways from a failure to the next
// attempt whose answer decides, when is handed the call and the failure's
// variables, or nil.
func (w *retryWays) firstVerdict(is func(*ast.CallExpr, []types.Object) bool) *ast.CallExpr {
	for _, c := range w.checks {
		vars := derivedErrors(w.f.info, w.f.fn.body, c.vars)
		var found *ast.CallExpr
		searchBlocks([]*cfg.Block{c.failure()}, nil, func(b *cfg.Block) blockStep {
			if w.target(b) || !w.inside(b) {
				return skip
			}
			if found = w.verdictAt(b, vars, is); found != nil {
				return stopHere
			}
			return follow
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// derivedErrors returns errs and the variables of an error type assigned a
// value made from one of them (wrapped := fmt.Errorf("send: %w", err)).
func derivedErrors(info *types.Info, body ast.Node, errs []types.Object) []types.Object {
	out := slices.Clip(errs)
	add := func(v types.Object, rhs ast.Expr) {
		if v != nil && carriesError(v.Type()) && madeBy(info, rhs) && mentions(info, rhs, out) {
			out = appendNew(out, v)
		}
	}
	walkBody(info, body, assignKinds, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					add(lhsObj(info, n.Lhs[i]), rhs)
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, rhs := range n.Values {
					add(info.Defs[n.Names[i]], rhs)
				}
			}
		}
		return true
	})
	return out
}

// madeBy reports whether e makes a value of its own: a composite literal, or
// a call of a declared function (fmt.Errorf, errors.Join, a wrap helper). A
// call through a func value or an interface is someone's answer, maybe a
// policy's.
func madeBy(info *types.Info, e ast.Expr) bool {
	lit, fn := makerOf(info, e)
	return lit || fn != nil && !code.IsInterfaceMethod(fn) // remote_facts.go
}

// makerOf reads what makes the value of e, through parentheses and a unary
// operator (&T{...}): lit for a composite literal, or the declared function a
// call calls (nil for a func value or anything else).
func makerOf(info *types.Info, e ast.Expr) (lit bool, fn *types.Func) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return true, nil
	case *ast.CallExpr:
		return false, code.Callee(info, e)
	}
	return false, nil
}

// carriesError reports whether a value of type t is an error: the interface,
// or a type that implements it.
func carriesError(t types.Type) bool {
	return t != nil && (isErrorType(t) || types.Implements(t, errorType))
}

// verdictAt returns the policy call whose answer the condition of b tests,
// when one side of b goes on to the next attempt and the other never does.
func (w *retryWays) verdictAt(b *cfg.Block, vars []types.Object, is func(*ast.CallExpr, []types.Object) bool) *ast.CallExpr {
	cond := condOf(b)
	if cond == nil || w.reachesNext(b.Succs[0]) == w.reachesNext(b.Succs[1]) {
		return nil
	}
	var found *ast.CallExpr
	code.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if is(n, vars) {
				found = n
			}
		case *ast.Ident:
			if v, ok := w.f.info.Uses[n].(*types.Var); ok {
				for _, rhs := range w.f.defsOf(v) {
					if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && is(call, vars) {
						found = call
					}
				}
			}
		}
		return found == nil
	})
	return found
}

// reachesNext reports whether a path from b gets to the next attempt.
func (w *retryWays) reachesNext(b *cfg.Block) bool {
	return searchBlocks([]*cfg.Block{b}, nil, func(b *cfg.Block) blockStep {
		switch {
		case w.target(b):
			return stopHere
		case !w.inside(b):
			return skip
		}
		return follow
	})
}

// policyCall reports whether call hands the failure (one of vars) to a policy
// that may answer "stop": out of reach, or shown to.
func (f *flow) policyCall(call *ast.CallExpr, vars []types.Object) bool {
	at := verdictResult(f.info, call)
	if at < 0 || !receives(f.info, call, vars) {
		return false
	}
	if fn := code.Callee(f.info, call); fn != nil {
		if !code.IsInterfaceMethod(fn) {
			return false // a declared function or method: read as code, no policy
		}
		impls := f.res.remoteCheck(f.pass).implementations(fn)
		if impls == nil {
			return true
		}
		for _, m := range impls {
			if f.mayStop(f.res.funcs.byObj[m.Origin()], at) {
				return true
			}
		}
		return false
	}
	if tv, ok := f.info.Types[call.Fun]; !ok || !tv.IsValue() {
		return false // a conversion or a builtin
	}
	if v := calledVar(f.info, call); v != nil {
		vals, ok := code.AllValues(f.info, v)
		if !ok {
			return true
		}
		for _, e := range vals {
			if !code.IsNil(f.info, e) && f.mayStop(f.res.funcs.of(f.info, e), at) {
				return true
			}
		}
		return false
	}
	if lit := f.res.funcs.of(f.info, call.Fun); lit != nil {
		return f.mayStop(lit, at)
	}
	return true // a parameter, a call's result: the caller's policy
}

// verdictResult returns the index of the result a policy answers with: its
// last result when that is an error, else its first bool; -1 when neither.
func verdictResult(info *types.Info, call *ast.CallExpr) int {
	sig, ok := code.Underlying(info, call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return -1
	}
	res := sig.Results()
	if isErrorType(res.At(res.Len() - 1).Type()) {
		return res.Len() - 1
	}
	for i := range res.Len() {
		if b, ok := res.At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return i
		}
	}
	return -1
}

// receives reports whether call is handed the failure itself: an argument
// that reads one of vars and is the error (or a value made from it that is an
// error, fmt.Errorf("...: %w", err)) or the failed response itself, for a
// parameter of a type of its own. Its text (err.Error()) or a value for an
// empty interface (a logger's keyvals ...any) is a message, no failure.
func receives(info *types.Info, call *ast.CallExpr, vars []types.Object) bool {
	sig, ok := code.Underlying(info, call.Fun).(*types.Signature)
	if !ok {
		return false
	}
	for i, a := range call.Args {
		t := info.TypeOf(a)
		if t == nil || !mentions(info, a, vars) || emptyInterface(paramType(sig, i)) {
			continue
		}
		if carriesError(t) {
			return true
		}
		if _, text := t.Underlying().(*types.Basic); !text && isOneOf(code.VarOf(info, a), vars) {
			return true
		}
	}
	return false
}

func isOneOf(v *types.Var, vars []types.Object) bool {
	return v != nil && slices.Contains(vars, types.Object(v))
}

// paramType returns the type of the parameter argument i is passed for.
func paramType(sig *types.Signature, i int) types.Type {
	n := sig.Params().Len()
	if sig.Variadic() && i >= n-1 {
		if s, ok := sig.Params().At(n - 1).Type().Underlying().(*types.Slice); ok {
			return s.Elem()
		}
	}
	if i >= n {
		return nil
	}
	return sig.Params().At(i).Type()
}

func emptyInterface(t types.Type) bool {
	if t == nil {
		return true
	}
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}

// mayStop reports whether a function of the package may answer "stop" in its
// result at: an error result that is not always nil, a bool result that is
// not always the same constant (which of true and false goes on is the
// caller's test). A function the package does not hold may.
func (f *flow) mayStop(fn *funcNode, at int) bool {
	if fn == nil || fn.body == nil {
		return true
	}
	answers := map[string]bool{}
	code.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			answers[answer(f.info, n, at)] = true
		}
		return true
	})
	return len(answers) > 1 || answers["?"] || answers["error"]
}

// answer names what a return says in its result at: "nil", "true", "false",
// "error" (another error value) or "?" (out of reach: a bare return, a
// call's results, a bool computed).
func answer(info *types.Info, ret *ast.ReturnStmt, at int) string {
	if at >= len(ret.Results) {
		return "?"
	}
	e := ret.Results[at]
	if code.IsNil(info, e) {
		return "nil"
	}
	tv, ok := info.Types[e]
	switch {
	case ok && tv.Value != nil && tv.Value.Kind() == constant.Bool:
		return tv.Value.String()
	case ok && isErrorType(tv.Type):
		return "error"
	}
	return "?"
}

// applyPolicy records what a policy's verdict decides on the region: it
// classifies and bounds (as an unreadable verdict does), and it may wait;
// unless it is a classifier beside the region's own timed wait (paces).
func (r *Region) applyPolicy(info *types.Info, call *ast.CallExpr) {
	j := verdictJudgement{classifies: call, bounds: call}
	j.apply(r)
	if classifierOnly(info, call) && r.timed() {
		return
	}
	for _, w := range r.Waits {
		if w.At == call {
			w.Policy = true
			return
		}
	}
	r.Waits = append(r.Waits, &Wait{Kind: WaitOther, At: call, Call: call, Policy: true})
}

// classifierOnly reports whether a verdict is handed nothing but errors and
// answers a bool (ok func(error) bool): with no attempt count, clock or
// context to pace by, it judges the failure; a loop that times its own wait
// beside it keeps its pace, so that wait's growth or randomness is the
// loop's own.
func classifierOnly(info *types.Info, call *ast.CallExpr) bool {
	sig, ok := code.Underlying(info, call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() != 1 || !code.IsBoolean(sig.Results().At(0).Type()) || sig.Params().Len() == 0 {
		return false
	}
	for v := range sig.Params().Variables() {
		if !isErrorType(v.Type()) {
			return false
		}
	}
	return true
}

// timed reports whether the region has a wait of its own with a duration.
func (r *Region) timed() bool {
	for _, w := range r.Waits {
		if w.Duration != nil && !w.Policy {
			return true
		}
	}
	return false
}
