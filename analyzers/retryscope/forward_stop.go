package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A forwarding wrapper may take its stop signal as a channel instead of a
// context: `func every(d time.Duration, stop <-chan struct{}, f func() error)`
// whose loop leaves on `case <-stop: return err`. Which channel that is, and
// who closes it, is each caller's choice, exactly as with a context
// parameter: the wrapper's loop is not judged, its calls are
// (RetryWrapper.StopParam). At a call the argument says what bounds it:
//   - ctx.Done(): the context's bound, judged like a context parameter's
//     argument (a deadline, the caller's context, an owner's context, or
//     context.Background(), which never ends);
//   - nil, or a channel the caller makes (make(chan T)) and does nothing with
//     but pass and receive from: nobody closes it, so no bound at all;
//   - an owner's channel (s.quit, closed by Close): the owner's stop;
//   - anything else (the caller's own parameter, a channel closed by a timer
//     or a goroutine, a function's result): someone may close it, and when is
//     out of reach, so the call is not judged.

// stopParamOf returns 1 + the index of the channel parameter that the
// select case comm receives from, dropping the value (<-stop, _ = <-stop),
// when the function never gives that parameter another value; 0 otherwise.
// The channel is read as a restart loop's stop is (stopChanVar).
func stopParamOf(info *types.Info, comm ast.Node, params []*types.Var) int {
	s, _ := comm.(ast.Stmt)
	v := stopChanVar(info, s)
	if v == nil || assigned(info, v) {
		return 0
	}
	return code.ParamIndex(params, v) + 1
}

// stopArg returns the argument a call of a wrapper passes for its stop
// channel parameter, or nil.
func stopArg(h *HelperCall) ast.Expr {
	w := h.Wrapper
	if w == nil || w.StopParam == 0 || w.StopParam > len(h.Call.Args) || h.Call.Ellipsis.IsValid() {
		return nil
	}
	return h.Call.Args[w.StopParam-1]
}

// stopContext reads the stop channel a call of a wrapper passes: the context
// of a ctx.Done() argument, or nil for a channel nobody closes (known true
// for both); known is false when someone may close the channel.
func stopContext(info *types.Info, encl *funcNode, h *HelperCall) (ctx ast.Expr, known bool) {
	arg := stopArg(h)
	if arg == nil {
		return nil, false
	}
	if call, ok := ast.Unparen(arg).(*ast.CallExpr); ok {
		if fn := code.Callee(info, call); fn != nil && fn.FullName() == "(context.Context).Done" {
			return askedContext(info, call), true
		}
	}
	return nil, neverClosed(info, encl, arg, h.Call)
}

// neverClosed reports whether a channel argument of call is nil, a
// make(chan T) written there, or a local variable of the caller whose one
// definition is such a make and that the caller only passes to call and
// receives from: nothing can close it.
func neverClosed(info *types.Info, encl *funcNode, arg ast.Expr, call *ast.CallExpr) bool {
	if code.IsNil(info, arg) || madeChan(info, arg) {
		return true
	}
	id, ok := ast.Unparen(arg).(*ast.Ident)
	v := code.VarOf(info, arg)
	decl := encl.decl()
	if !ok || v == nil || v.IsField() || decl == nil || v.Pos() < decl.node.Pos() || v.Pos() >= decl.node.End() {
		return false
	}
	def, ok := code.SoleDef(info, v)
	if !ok || !def.Replaces() || !madeChan(info, def.Value) {
		return false
	}
	received := map[*ast.Ident]bool{id: true} // the argument itself, and receives
	only := true
	code.Inspect(decl.node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if x, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.ARROW {
				received[x] = true
			}
		case *ast.Ident:
			if info.Uses[n] == v && !received[n] {
				only = false
			}
		}
		return only
	})
	return only
}

// madeChan reports whether e is make(chan T) or make(chan T, n).
func madeChan(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	if b, isBuiltin := info.Uses[code.NameIdent(call.Fun)].(*types.Builtin); !isBuiltin || b.Name() != "make" {
		return false
	}
	_, isChan := code.Underlying(info, call).(*types.Chan)
	return isChan
}

// stopOwnedCall reports whether a call of a wrapper stopped by a channel
// parameter passes an owner's channel (s.quit): its owner's stop.
func stopOwnedCall(f *flow, h *HelperCall) bool {
	arg := stopArg(h)
	return arg != nil && h.Wrapper.Unbounded && f.ownerChan(arg, 0)
}
