package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// ClientConfig is a call of a self-retrying client whose retry settings choose
// a policy the rules report (a wait without jitter, no attempt limit): the
// retry is configured, not written, so the setting is the place to fix.
type ClientConfig struct {
	Call *ast.CallExpr
	// Name is the client's name in the knowledge base ("go-retryablehttp").
	Name   string
	Policy *Policy
	lib    *library
	h      *HelperCall
}

// Hints returns the advice of the client's library about a setting.
func (c *ClientConfig) Hints(at ast.Node) Hints {
	out := Hints{}
	if c.lib.hints != nil {
		out = c.lib.hints(c.h, at)
	}
	orGeneric(&out.Jitter, genericHints.Jitter)
	orGeneric(&out.Bound, genericHints.Bound)
	return out
}

// findClients fills res.Clients: the client calls of the package whose
// settings, not the library's defaults, remove the jitter or the attempt
// limit. A client is read once per receiver and function.
func findClients(pass *analysis.Pass, res *Result) {
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
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && !hasFuncArg(pass.TypesInfo, call) {
			k := key{res.funcs.enclosing(call.Pos()), code.Root(pass.TypesInfo, sel.X, code.ThroughUnary)}
			if k.recv != nil && done[k] {
				continue
			}
			done[k] = true
		}
		l := clientLibraries[e.Family]
		p := clientPolicy(pass, res, call, fn, l)
		if _, on := p.clientAttempts(e.Attempts); on && (chosenNoJitter(p) || (p.Unbounded != nil && p.Unbounded != call)) {
			h := &HelperCall{Call: call, Func: fn}
			res.Clients = append(res.Clients, &ClientConfig{Call: call, Name: e.Name, Policy: p, lib: l, h: h})
		}
	}
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
