package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// ClientRetry is a client's own retry configuration, judged where it is
// written. No retry region is in sight (the library runs the loop), yet what
// the configuration retries, how it waits and when it stops are the questions
// the rules ask of a helper, so they read Policy, Permanent and Invalid as they
// read a helper's Policy. Two sources fill it:
//   - retry configurations (lib_configs.go): a retryPolicy of a gRPC service
//     config, the options of a retry interceptor;
//   - calls of self-retrying clients (lib_clients.go) whose settings, not the
//     library's defaults, choose a wait without jitter or no attempt limit
//     (go-retryablehttp Backoff: DefaultBackoff, AWS
//     retry.AddWithMaxAttempts(r, 0)).
type ClientRetry struct {
	// Call is the call that carries the configuration
	// (grpc.WithDefaultServiceConfig, a retry option, the client's call).
	Call *ast.CallExpr
	// Name names the configuration in messages ("gRPC retry policy",
	// "go-retryablehttp client").
	Name string
	// Policy is the wait and the attempt cap the configuration sets. Its nodes
	// may be Spans inside a string literal (a key of a JSON service config).
	Policy *Policy
	// WaitWhy says, for a constant wait, which settings make it constant.
	WaitWhy string
	// Permanent are the settings that retry a status that is not transient.
	Permanent []Retried
	// Invalid are the settings the library rejects or ignores.
	Invalid []Problem

	// hints is the advice of a configuration family; lib and h give a client
	// library's advice about one call instead.
	hints Hints
	lib   *library
	h     *HelperCall
	// retries says the configuration makes the client retry (valid, not
	// turned off); methods are the calls it applies to (none: every call).
	retries bool
	methods []grpcMethod
}

// Retried is one status a configuration retries, where it is written.
type Retried struct {
	At   ast.Node
	Code string // gRPC's name: INVALID_ARGUMENT
}

// Problem is a setting that does not do what it says, and why.
type Problem struct {
	At  ast.Node
	Why string
}

// Hints returns the library's advice about a setting (genericHints where it
// has none).
func (c *ClientRetry) Hints(at ast.Node) Hints {
	out := c.hints
	if c.lib != nil && c.lib.hints != nil {
		out = c.lib.hints(c.h, at)
	}
	orGeneric(&out.Backoff, genericHints.Backoff)
	orGeneric(&out.Jitter, genericHints.Jitter)
	orGeneric(&out.Bound, genericHints.Bound)
	orGeneric(&out.Classify, genericHints.Classify)
	return out
}

// Span is a range of source that no AST node covers alone: a key inside a
// string literal. It is an ast.Node, so rules report it like any setting.
type Span struct{ From, To token.Pos }

func (s *Span) Pos() token.Pos { return s.From }
func (s *Span) End() token.Pos { return s.To }

// spanOf is the Span of a node.
func spanOf(n ast.Node) *Span { return &Span{n.Pos(), n.End()} }

// findClientRetries fills res.ClientRetries: first the self-retrying client
// calls, then the retry configurations.
func findClientRetries(pass *analysis.Pass, res *Result) {
	findClientCalls(pass, res)
	findClientConstructors(pass, res)
	findRetryConfigs(pass, res)
}

// findClientCalls adds the client calls of the package whose settings, not
// the library's defaults, remove the jitter or the attempt limit. A client is
// read once per receiver and function.
func findClientCalls(pass *analysis.Pass, res *Result) {
	if allStd(pass.Pkg) {
		return
	}
	type key struct {
		encl *funcNode
		recv types.Object
	}
	done := map[key]bool{}
	for _, call := range res.funcs.calls {
		fn := code.Callee(pass.TypesInfo, call)
		if fn == nil {
			continue
		}
		e := res.selfRetrying(fn)
		if e == nil || clientLibraries[e.Family] == nil {
			continue
		}
		if _, ok := res.clientOperand(pass.TypesInfo, call, e); !ok {
			continue
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && !hasFuncArg(pass.TypesInfo, call) {
			k := key{res.funcs.enclosing(call.Pos()), code.Root(pass.TypesInfo, sel.X, code.ThroughUnary)}
			if k.recv != nil && done[k] {
				continue
			}
			done[k] = true
		}
		l := clientLibraries[e.Family]
		p := clientPolicy(pass, res, call, fn, l)
		if _, on := p.clientAttempts(e.Attempts); (on && p.Unbounded != nil && p.Unbounded != call) || (maybeRetries(p, on) && chosenNoJitter(p)) {
			h := &HelperCall{Call: call, Func: fn}
			res.ClientRetries = append(res.ClientRetries, &ClientRetry{Call: call, Name: e.Name + " client", Policy: p, lib: l, h: h})
		}
	}
}

// maybeRetries: the client retries, or its attempt count is out of reach (a
// field, a parameter). A backoff the code chose says the client retries, so
// an unknown count does not hide that choice; a count known to turn the
// retries off does.
func maybeRetries(p *Policy, on bool) bool {
	return on || (p.Limit != nil && !p.TimeLimit && p.MaxAttempts == 0)
}

// chosenNoJitter: a growing wait without jitter that a setting chose.
func chosenNoJitter(p *Policy) bool {
	return p.Jitter == TriNo && p.JitterAt != nil && (p.Shape == ShapeExponential || p.Shape == ShapeFibonacci)
}

func hasFuncArg(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if isFuncTyped(info, a) {
			return true
		}
	}
	return false
}

// isFuncTyped reports whether an expression is a function value.
func isFuncTyped(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
