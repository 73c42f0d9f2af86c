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
		if rootNeverEnds(fn) {
			return CtxBackground
		}
		switch fn.FullName() {
		case "context.WithTimeout", "context.WithDeadline", "context.WithTimeoutCause", "context.WithDeadlineCause":
			return CtxDeadline
		}
	}
	if a := code.ContextArg(info, call); a != nil {
		return contextState(info, encl, a, depth+1)
	}
	return CtxCaller
}
