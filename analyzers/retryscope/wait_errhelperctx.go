package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A wait helper that answers with an error ends the loop with the context it
// is handed, as a verdict helper answering "stop" does (wait_helperctx.go):
//
//	if err := pause(ctx); err != nil { return err }
//
//	func pause(ctx context.Context) error {
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-t.C:
//			return nil
//		}
//	}
//
// when the loop leaves on its non-nil error and every nil answer stands in a
// select with a case <-ctx.Done() that answers with an error: once the
// context is done the helper cannot let the loop go on. The helper may be a
// function of the package or the closure one returns (returnedClosure).

// errorTest returns the variable of a test err != nil (or err == nil), and
// whether the side that leaves the loop is the one where it holds an error;
// nil for any other condition.
func errorTest(cond ast.Expr, leavesWhenTrue bool) (ast.Expr, bool) {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ && b.Op != token.EQL {
		return nil, false
	}
	x, nilSide := ast.Unparen(b.X), ast.Unparen(b.Y)
	if id, isIdent := nilSide.(*ast.Ident); !isIdent || id.Name != "nil" {
		return nil, false
	}
	if _, isIdent := x.(*ast.Ident); !isIdent {
		return nil, false
	}
	return x, (b.Op == token.NEQ) == leavesWhenTrue
}

// answerType reports whether a result of type t can give the answer
// (goesOnOnlyBesideDone's "true", "false" or "error").
func answerType(t types.Type, answer string) bool {
	if answer == "error" {
		return isErrorType(t)
	}
	return code.IsBoolean(t)
}

// answeringHelper returns the function of the package a call runs, and its
// signature: a function or method named at the call, or the closure a local
// variable holds (returnedClosure). An interface method or a func value out
// of reach gives nil.
func (f *flow) answeringHelper(call *ast.CallExpr) (*funcNode, *types.Signature) {
	if fn := code.Callee(f.info, call); fn != nil {
		if code.IsInterfaceMethod(fn) {
			return nil, nil
		}
		return f.res.funcs.byObj[fn.Origin()], fn.Signature()
	}
	lit := f.res.returnedClosure(call)
	if lit == nil {
		return nil, nil
	}
	sig, _ := f.info.TypeOf(lit.node.(*ast.FuncLit)).(*types.Signature)
	if sig == nil {
		return nil, nil
	}
	return lit, sig
}
