package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Testing an attempt's error against context.Canceled or
// context.DeadlineExceeded (err == context.Canceled, errors.Is(err,
// context.DeadlineExceeded)) asks whether the caller gave up, not whether the
// failure is worth another attempt: it tells no failure of the operation apart
// from another, so it is not classification.

// isContextSentinel reports whether e is context.Canceled or
// context.DeadlineExceeded.
func isContextSentinel(k classifier, e ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		id = x.Sel
	case *ast.Ident:
		id = x
	default:
		return false
	}
	obj := k.info.Uses[id]
	return code.IsObject(obj, "context", "Canceled") || code.IsObject(obj, "context", "DeadlineExceeded")
}

// testsContextSentinel reports whether a comparison or an errors.Is call has
// a context sentinel as its other operand.
func testsContextSentinel(k classifier, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		return isContextSentinel(k, n.X) || isContextSentinel(k, n.Y)
	case *ast.CallExpr:
		fn := code.Callee(k.info, n)
		return code.IsErrorsFunc(fn, "Is") && len(n.Args) == 2 && isContextSentinel(k, n.Args[1])
	}
	return false
}
