package retryscope

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// go-grpc-middleware's retry interceptors (v1 grpc_retry, v2
// interceptors/retry): UnaryClientInterceptor(opts...) and
// StreamClientInterceptor(opts...) retry the calls of a connection they are
// installed on, as their CallOptions say, and the same options given to one
// call change them for that call. WithMax(n) makes n attempts, and the default
// is 0: no retry at all. WithCodes replaces the retried codes (default
// ResourceExhausted and Unavailable); WithBackoff takes a BackoffFunc, which
// the package's Backoff* strategies build (BackoffLinear: constant, no jitter;
// BackoffExponential: growing, no jitter; the *WithJitter ones: jittered by
// their fraction; the default is 50ms with 10 % jitter).
func init() { configReaders["grpc-middleware-retry"] = readRetryOptions }

var middlewareHints = Hints{
	Backoff:  "use BackoffExponentialWithJitter (a growing wait with a jitter fraction above 0)",
	Jitter:   "use BackoffExponentialWithJitter with a jitter fraction above 0",
	Classify: "pass WithCodes only transient codes",
}

// isRetryOption reports whether fn is one of the package's CallOptions.
func isRetryOption(fn *types.Func) bool {
	return strings.HasPrefix(fn.Name(), "With") || fn.Name() == "Disable"
}

// readRetryOptions reads a group of retry options: the options listed together
// (an interceptor's arguments, a call's, a slice literal), read once, from the
// first of them.
func readRetryOptions(c *configCall) []*ClientRetry {
	if !isRetryOption(c.fn) {
		return nil
	}
	group := c.siblingOptions()
	if len(group) == 0 || group[0] != c.call {
		return nil
	}
	o := optionsOf(c, group)
	if o.off {
		return nil
	}
	return []*ClientRetry{o.cr}
}

// siblingOptions returns the retry options of the call's package listed with it.
func (c *configCall) siblingOptions() []*ast.CallExpr {
	path := code.TreeOf(c.pass.TypesInfo).Enclosing(c.call)
	var siblings []ast.Expr
	if len(path) >= 2 {
		switch p := path[1].(type) {
		case *ast.CallExpr:
			siblings = p.Args
		case *ast.CompositeLit:
			siblings = p.Elts
		}
	}
	if !slices.Contains(siblings, ast.Expr(c.call)) {
		return []*ast.CallExpr{c.call}
	}
	var out []*ast.CallExpr
	for _, s := range siblings {
		if call, ok := ast.Unparen(s).(*ast.CallExpr); ok {
			if fn := code.Callee(c.pass.TypesInfo, call); fn != nil && fn.Pkg() == c.fn.Pkg() && isRetryOption(fn) {
				out = append(out, call)
			}
		}
	}
	return out
}

// retryOptions is what a group of options sets.
type retryOptions struct {
	cr  *ClientRetry
	off bool // WithMax(0 or 1), Disable()
	max int  // WithMax(n), n > 1; 0 when not set
}

func optionsOf(c *configCall, group []*ast.CallExpr) *retryOptions {
	pkg := c.fn.Pkg()
	o := &retryOptions{cr: &ClientRetry{
		Call: group[0], Name: pkg.Name() + " interceptor",
		Policy: &Policy{Family: "grpc-middleware-retry", Shape: ShapeConstant, Jitter: TriYes}, hints: middlewareHints,
	}}
	for _, call := range group {
		fn := code.Callee(c.pass.TypesInfo, call)
		switch fn.Name() {
		case "Disable":
			o.off = true
		case "WithMax":
			if n, ok := c.intArg(call, 0); ok {
				o.off, o.max = n <= 1, int(n)
				o.cr.Policy.MaxAttempts, o.cr.Policy.Limit = int(n), call
			}
		case "WithCodes":
			o.codes(c, call)
		case "WithBackoff", "WithBackoffContext":
			if len(call.Args) == 1 {
				o.backoff(c, call.Args[0], pkg)
			}
		}
	}
	o.cr.retries = o.max > 1 && !o.off
	o.cr.Policy.Tries = o.linearTries(c)
	return o
}

func (c *configCall) intArg(call *ast.CallExpr, i int) (int64, bool) {
	if i >= len(call.Args) {
		return 0, false
	}
	return code.Int(c.pass.TypesInfo, call.Args[i])
}

// codes records the codes of WithCodes that are not transient.
func (o *retryOptions) codes(c *configCall, call *ast.CallExpr) {
	if call.Ellipsis.IsValid() {
		return // a list from elsewhere
	}
	names := rules.GRPCCodeNames()
	for _, a := range call.Args {
		n, ok := code.Int(c.pass.TypesInfo, a)
		if ok && n >= 0 && int(n) < len(names) && !c.res.Knowledge.IsTransientCode(names[n]) {
			o.cr.Permanent = append(o.cr.Permanent, Retried{At: a, Code: names[n]})
		}
	}
}

// backoff reads the strategy given to WithBackoff: a Backoff* call of the
// package, directly or through a local variable assigned once.
func (o *retryOptions) backoff(c *configCall, arg ast.Expr, pkg *types.Package) {
	call := c.localCall(arg)
	if call == nil {
		o.cr.Policy.Shape, o.cr.Policy.Jitter = ShapeUnknown, TriUnknown
		return
	}
	fn := code.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != pkg {
		o.cr.Policy.Shape, o.cr.Policy.Jitter = ShapeUnknown, TriUnknown
		return
	}
	p := o.cr.Policy
	p.Shape, p.WaitAt, p.Jitter, p.JitterAt = ShapeUnknown, call, TriUnknown, call
	switch fn.Name() {
	case "BackoffLinear":
		p.Shape, p.Jitter, o.cr.WaitWhy = ShapeConstant, TriNo, fn.Name()
	case "BackoffLinearWithJitter":
		p.Shape, o.cr.WaitWhy = ShapeConstant, fn.Name()+" with a jitter fraction of 0"
		o.jitterFraction(c, call)
	case "BackoffExponential":
		p.Shape, p.Jitter = ShapeExponential, TriNo
	case "BackoffExponentialWithJitter", "BackoffExponentialWithJitterBounded":
		p.Shape = ShapeExponential
		o.jitterFraction(c, call)
	}
}

// jitterFraction reads a strategy's jitter fraction (its second argument).
func (o *retryOptions) jitterFraction(c *configCall, call *ast.CallExpr) {
	if len(call.Args) < 2 {
		return
	}
	v := code.Const(c.pass.TypesInfo, call.Args[1], nil)
	if v == nil {
		return
	}
	if f, _ := constant.Float64Val(constant.ToFloat(v)); f == 0 {
		o.cr.Policy.Jitter, o.cr.Policy.JitterAt = TriNo, call.Args[1]
	} else {
		o.cr.Policy.Jitter = TriYes
	}
}

// localCall returns the call an expression is, or the call a local variable
// was assigned once.
func (c *configCall) localCall(e ast.Expr) *ast.CallExpr {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return call
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	encl := c.res.funcs.enclosing(e.Pos())
	if !ok || encl == nil {
		return nil
	}
	s := &settingsWalk{info: c.pass.TypesInfo, encl: encl}
	if d := s.uses()[c.pass.TypesInfo.Uses[id]]; len(d) == 1 {
		call, _ := d[0].(*ast.CallExpr)
		return call
	}
	return nil
}
