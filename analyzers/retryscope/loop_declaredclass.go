package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A function of the package handed the attempt's error can classify for the
// loop that calls it, in two shapes a lone bool predicate does not cover:
//
//   - a verdict among other results (d, ok := throttled(err); if ok { wait d;
//     go round }): the bool, at any position, says which errors go round. It
//     chooses nothing when every return gives it true (or err != nil of the
//     error it is handed).
//   - a handler that hands the error back or swallows it (if err =
//     onFail(err); err != nil { return err }): it classifies when every error
//     it returns is nil or the handed one, it returns both, and a test of the
//     handed error (a type assertion, errors.Is/As, a sentinel compare) is in
//     its body. A handler that returns nil for every error (it only logs), or
//     chooses by something else (a count), tells no failures apart.
//
// A function of another package stays out: status.FromError's ok is true for
// nearly every error.

// declaredClassifier reports whether call hands one of errs to a function of
// this package that classifies it (see above).
func (f *flow) declaredClassifier(call *ast.CallExpr, errs []types.Object) bool {
	fn := code.Callee(f.info, call)
	if fn == nil || fn.Pkg() != f.pass.Pkg || !receives(f.info, call, errs) {
		return false
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil || node.typ == nil {
		return false
	}
	results := fn.Signature().Results()
	if at := boolResult(results); at >= 0 && results.Len() > 1 {
		return !acceptsEveryAt(f.info, node, at)
	}
	return answersError(fn) && handsBackByClass(f.info, node)
}

// boolResult returns the position of the first bool among results, or -1.
func boolResult(results *types.Tuple) int {
	for i := range results.Len() {
		if b, ok := results.At(i).Type().(*types.Basic); ok && b.Kind() == types.Bool {
			return i
		}
	}
	return -1
}

// handsBackByClass reports whether every error fn returns is nil or the
// error it was handed, both are returned, and its body tests the handed
// error's class.
func handsBackByClass(info *types.Info, fn *funcNode) bool {
	handed := handedErrors(info, fn)
	if len(handed) == 0 {
		return false
	}
	at := fn.obj.Signature().Results().Len() - 1
	swallows, passesBack, own := false, false, false
	walkBody(info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if len(ret.Results) <= at {
			own = true
			return false
		}
		switch e := ast.Unparen(ret.Results[at]); {
		case code.IsNil(info, e):
			swallows = true
		case isOneOf(code.VarOf(info, e), handed) || wrapsHanded(info, e, handed, fn.obj.Pkg()):
			passesBack = true
		default:
			own = true
		}
		return !own
	})
	if own || !swallows || !passesBack {
		return false
	}
	k := classifier{info: info, vars: handed}
	return k.in(fn.body) != nil
}
