package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A wait is often computed by a small helper of the package:
// `d = minDuration(d*2, max)`, `d = nextBackoff(d)`, `backoff(attempt)`. When
// the helper is pure arithmetic on its parameters, its result is as fixed or as
// growing as its arguments, and as deterministic: such a call is read like the
// expression it stands for. Anything else (a field or package variable read, a
// write outside its own locals, a call the helper cannot see through) leaves
// the wait unknown, as before: a method `b.next()` that doubles b.cur grows
// although its arguments do not.

// pureDuration reports whether fn is a function of this package, not a
// method, whose body only combines its parameters, locals and constants
// through operators, conversions, builtins, math and pure time methods, and
// other such functions (a few levels deep).
func (f *flow) pureDuration(fn *types.Func, depth int) bool {
	if depth > 3 || fn.Type().(*types.Signature).Recv() != nil {
		return false
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil || node.hasLoop {
		return false
	}
	pure := true
	code.Inspect(node.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt, *ast.SendStmt, *ast.StarExpr:
			pure = false
		case *ast.UnaryExpr:
			pure = n.Op != token.ARROW && n.Op != token.AND
		case *ast.SelectorExpr:
			pure = pure && f.pureSelector(n)
			return false
		case *ast.Ident:
			pure = pure && f.localOrConst(n, node)
		case *ast.CallExpr:
			pure = pure && f.pureCall(n, depth)
		}
		return pure
	})
	return pure
}

// pureSelector accepts a package-qualified constant or function (time.Second,
// math.Min); the call itself is judged by pureCall.
func (f *flow) pureSelector(sel *ast.SelectorExpr) bool {
	if _, ok := f.info.Selections[sel]; ok {
		return false // a field or method value
	}
	switch f.info.Uses[sel.Sel].(type) {
	case *types.Const, *types.Func, *types.TypeName:
		return true
	}
	return false
}

// localOrConst accepts names that are not variables of an outer scope.
func (f *flow) localOrConst(id *ast.Ident, node *funcNode) bool {
	v, ok := f.info.Uses[id].(*types.Var)
	if !ok {
		return true // a constant, type, builtin or function
	}
	return node.body.Pos() <= v.Pos() && v.Pos() < node.body.End() ||
		node.typ.Pos() <= v.Pos() && v.Pos() < node.typ.End()
}

func (f *flow) pureCall(call *ast.CallExpr, depth int) bool {
	if f.pureOperation(call) {
		return true
	}
	fn := code.Callee(f.info, call)
	return fn != nil && fn.Pkg() == f.pass.Pkg && f.pureDuration(fn, depth+1)
}
