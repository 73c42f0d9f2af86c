package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A helper that retries what a predicate accepts (client-go's retry.OnError,
// rules.yaml `predicate`) classifies through that predicate, unless the
// predicate accepts every error: one whose every return is true, or (the
// helper asks it only about failures) err != nil of the error it is given.
// Such a predicate chooses nothing, and the helper retries every error. A
// predicate the engine cannot read (a parameter, a function of another
// package, a variable) may classify: it counts as classifying.

// predicateSetting names the setting through which a wrapper's caller hands
// the predicate the wrapper passes on to such a helper (RetryWrapper.ClassifyOption).
const predicateSetting = "predicate"

// helperPredicate returns the predicate a call of a predicate-taking helper
// passes, or nil when the helper takes none.
func helperPredicate(h *HelperCall) ast.Expr {
	i, ok := h.Entry.PredicateArg()
	if !ok || i >= len(h.Call.Args) {
		return nil
	}
	return h.Call.Args[i]
}

// forwardedPredicate returns the function a predicate literal only forwards
// to (func(err error) bool { return retriable(err) } is retriable), or e.
func forwardedPredicate(info *types.Info, e ast.Expr) ast.Expr {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok || len(lit.Body.List) != 1 || lit.Type.Params.NumFields() != 1 || len(lit.Type.Params.List[0].Names) != 1 {
		return e
	}
	ret, ok := lit.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return e
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return e
	}
	if code.VarOf(info, call.Args[0]) != info.Defs[lit.Type.Params.List[0].Names[0]] {
		return e
	}
	if _, isIdent := ast.Unparen(call.Fun).(*ast.Ident); !isIdent {
		return e
	}
	return call.Fun
}

// acceptsEvery reports whether a predicate of this package accepts every
// error it is asked about: each of its returns is the constant true, or tests
// its first parameter, an error, for != nil.
func acceptsEvery(info *types.Info, funcs *funcIndex, e ast.Expr) bool {
	return acceptsEveryAt(info, funcs.of(info, code.FuncValue(info, e)), 0)
}

// acceptsEveryAt reports whether fn's result at position at is, on each of
// its returns, the constant true or a test of its first parameter, an error,
// for != nil.
func acceptsEveryAt(info *types.Info, fn *funcNode, at int) bool {
	if fn == nil || fn.body == nil || fn.typ == nil || fn.typ.Params.NumFields() == 0 {
		return false
	}
	var failure types.Object
	if first := fn.typ.Params.List[0]; len(first.Names) > 0 {
		failure = info.Defs[first.Names[0]]
	}
	returns, every := 0, true
	walkBody(info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		returns++
		if fn.typ.Results == nil || len(ret.Results) != fn.typ.Results.NumFields() || !(code.IsBool(info, ret.Results[at], true) || testsFailure(info, ret.Results[at], failure)) {
			every = false
		}
		return every
	})
	return returns > 0 && every
}

// testsFailure reports whether e is failure != nil, failure being an error.
func testsFailure(info *types.Info, e ast.Expr, failure types.Object) bool {
	if failure == nil || !isErrorType(failure.Type()) {
		return false
	}
	tested, failWhenTrue, ok := simpleTest(info, ast.Unparen(e))
	return ok && failWhenTrue && code.VarOf(info, tested) == failure
}

// AcceptAllCalls returns, for a region that classifies only through a
// predicate parameter of the function it is written in (its callers choose,
// as with a wrapper), the calls of that function in the package that pass a
// predicate accepting every error: from those calls the retry retries every
// error. A parameter the function assigns, or a region in a function literal,
// gives none.
func (res *Result) AcceptAllCalls(r *Region) []*ast.CallExpr {
	expr, ok := r.Classification.(ast.Expr)
	if !ok || res.info == nil || res.funcs == nil {
		return nil
	}
	encl := res.funcs.find(r.Func)
	if encl == nil || encl.parent != nil || encl.obj == nil {
		return nil
	}
	k := paramIndex(res.info, forwardedPredicate(res.info, expr), encl.params(res.info))
	if k < 0 || !isFuncParam(res.info, encl.params(res.info)[k]) {
		return nil
	}
	var out []*ast.CallExpr
	for _, call := range res.funcs.calls {
		if fn := code.Callee(res.info, call); fn != nil && fn.Origin() == encl.obj && k < len(call.Args) && acceptsEvery(res.info, res.funcs, call.Args[k]) {
			out = append(out, call)
		}
	}
	return out
}
