package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// contextState says what is known about a context expression's deadline:
// context.Background/TODO never end, WithTimeout/WithDeadline (in the function,
// or under a context derived from it) end in time, anything else comes from the
// caller.
func contextState(info *types.Info, encl *funcNode, e ast.Expr, depth int) CtxState {
	if depth > 6 {
		return CtxCaller
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return callContextState(info, encl, e, depth)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return CtxCaller
		}
		defs := (&flow{info: info, fn: encl}).defsOf(v)
		if len(defs) == 0 {
			return CtxCaller
		}
		state := CtxBackground
		for _, d := range defs {
			switch contextState(info, encl, d, depth+1) {
			case CtxDeadline:
				return CtxDeadline
			case CtxCaller:
				state = CtxCaller
			}
		}
		return state
	}
	return CtxCaller
}

func callContextState(info *types.Info, encl *funcNode, call *ast.CallExpr, depth int) CtxState {
	if fn := code.Callee(info, call); fn != nil {
		switch fn.FullName() {
		case "context.Background", "context.TODO", "context.WithoutCancel":
			return CtxBackground
		case "context.WithTimeout", "context.WithDeadline", "context.WithTimeoutCause", "context.WithDeadlineCause":
			return CtxDeadline
		}
	}
	for _, a := range call.Args {
		if IsContext(info.TypeOf(a)) {
			return contextState(info, encl, a, depth+1)
		}
	}
	return CtxCaller
}

// NeverDone reports whether v is a context.Context variable that every value
// the package gives it leaves uncancellable: context.Background(),
// context.TODO() or context.WithoutCancel(…), and nothing writes it through a
// pointer. Its Done channel is nil and never closes, so a wait that selects
// on it still waits out its timer: it is no context to name.
func NeverDone(info *types.Info, v *types.Var) bool {
	if v == nil || !IsContext(v.Type()) {
		return false
	}
	vals, ok := code.AllValues(info, v)
	if !ok || len(vals) == 0 {
		return false // a parameter, or values out of sight
	}
	for _, e := range vals {
		call, isCall := ast.Unparen(e).(*ast.CallExpr)
		if !isCall {
			return false
		}
		fn := code.Callee(info, call)
		if fn == nil {
			return false
		}
		switch fn.FullName() {
		case "context.Background", "context.TODO", "context.WithoutCancel":
		default:
			return false
		}
	}
	return true
}
