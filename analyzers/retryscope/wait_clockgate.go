package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// clockGate reports whether a call, tested as it is (not negated) in a
// condition that leaves a loop, is a clock-based gate: a function of this
// package with one bool result that returns false once a clock test holds,
//
//	func stillStarting() bool {
//		if time.Since(start) > 5*time.Second {
//			return false
//		}
//		return probe()
//	}
//
// so a retry that goes round only while it says true has a time budget. A
// function out of reach (a value, another package's) is no such gate.
func (f *flow) clockGate(call *ast.CallExpr) bool {
	if f.res == nil || f.res.funcs == nil {
		return false
	}
	sig, ok := f.info.TypeOf(call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() != 1 || !code.IsBoolean(sig.Results().At(0).Type()) {
		return false
	}
	fn := f.res.funcs.of(f.info, call.Fun)
	if fn == nil || fn.body == nil || fn.node == f.fn.node {
		return false
	}
	found := false
	code.Inspect(fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if s, ok := n.(*ast.IfStmt); ok && returnsFalseFirst(f.info, s.Body) && clockTest(f.info, s.Cond) {
			found = true
		}
		return !found
	})
	return found
}

// returnsFalseFirst reports whether a block starts with return false.
func returnsFalseFirst(info *types.Info, body *ast.BlockStmt) bool {
	if body == nil || len(body.List) == 0 {
		return false
	}
	ret, ok := body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	tv, ok := info.Types[ret.Results[0]]
	return ok && tv.Value != nil && tv.Value.String() == "false"
}

// clockTest reports whether a condition compares an elapsed or remaining
// time: time.Since/time.Until in it, in place or through a local assigned
// only from one.
func clockTest(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.GTR && b.Op != token.GEQ && b.Op != token.LSS && b.Op != token.LEQ {
		return false
	}
	return elapsedTime(info, b.X) || elapsedTime(info, b.Y)
}

func elapsedTime(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := code.Callee(info, e)
		return fn != nil && (fn.FullName() == "time.Since" || fn.FullName() == "time.Until")
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		vals := code.Values(info, v, nil)
		for _, val := range vals {
			if call, ok := ast.Unparen(val).(*ast.CallExpr); !ok || !elapsedTime(info, call) {
				return false
			}
		}
		return len(vals) > 0
	}
	return false
}

// negatedCalls returns the calls a condition tests negated (!gate()).
func negatedCalls(cond ast.Expr) map[*ast.CallExpr]bool {
	out := map[*ast.CallExpr]bool{}
	code.Inspect(cond, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok {
				out[call] = true
			}
		}
		return true
	})
	return out
}
