package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop also waits through a small function that returns a channel its
// timer of the duration parameter feeds:
//
//	func after(ctx context.Context, d time.Duration) <-chan time.Time {
//		t := time.NewTimer(d)
//		ch := make(chan time.Time, 1)
//		go func() {
//			defer t.Stop()
//			select {
//			case <-ctx.Done():
//				close(ch)
//			case v := <-t.C:
//				ch <- v
//			}
//		}()
//		return ch
//	}
//
// The call waits on nothing; the receive from its result (<-after(ctx, d),
// alone or as a case of a select) waits the call's argument, as
// <-time.After(arg) would. It is a WaitsParam with Chan, under the same
// policy as a function that waits its parameter (wait_durparam.go): a
// ceiling, never a floor, a WaitOther whose Duration is the caller's
// argument. Three bodies are read, strictly: return time.After(d); t :=
// time.NewTimer(d) then return t.C; and the forwarder above, whose one
// goroutine selects on the timer's channel and whose every case sends on or
// closes the returned channel and does nothing else, so that the channel
// delivers no later than the timer (sooner when another case fires). A
// channel fed by anything else, a case that returns without closing (the
// receive would wait forever), a timer stopped or reset: no such function.
// A result held in a variable before the receive stays what it was, a call
// of unknown wait.

// timerChanWait returns the wait of a receive from a call of a function
// that returns a channel its timer of the call's argument feeds, or nil.
func (f *flow) timerChanWait(u *ast.UnaryExpr) *Wait {
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	wp := f.timerChanCall(call)
	if wp == nil {
		return nil
	}
	return &Wait{Kind: WaitOther, At: u, Call: call, Duration: call.Args[wp.Param], Cancellable: wp.Sooner}
}

// timerChanCall returns how the function a call calls feeds the channel it
// returns, when it is such a function (Chan), or nil.
func (f *flow) timerChanCall(call *ast.CallExpr) *WaitsParam {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return nil
	}
	if wp := f.durationParam(call, fn); wp != nil && wp.Chan {
		return wp
	}
	return nil
}

// receivedTimerChan reports whether a call returns a timer's channel that a
// receive takes from at once (<-after(ctx, d)): the receive is the wait, the
// call none.
func (f *flow) receivedTimerChan(call *ast.CallExpr) bool {
	if f.timerChanCall(call) == nil {
		return false
	}
	u, ok := parentOf(code.TreeOf(f.info).Enclosing(call), 0).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW
}

// readTimerChan reads a function of the package as one that returns a
// channel its timer of its duration parameter feeds (see above), or nil.
func (r *Result) readTimerChan(fn *funcNode) *WaitsParam {
	info := r.info
	if fn.body == nil || fn.hasLoop || len(fn.body.List) == 0 || !returnsChan(fn.obj) {
		return nil
	}
	ret, ok := fn.body.List[len(fn.body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 || returnsBefore(info, fn.body, ret) {
		return nil
	}
	if timed, ok := r.onlyTimedCall(fn); ok && onlyReceivesOf(info, fn.body, nil, nil) {
		if r.returnsTimerOf(fn, ret.Results[0], timed) {
			return timerChanParam(info, fn, timed, false)
		}
	}
	return r.forwardsTimer(fn, ret.Results[0])
}

// returnsChan reports whether a declared function returns one channel.
func returnsChan(obj *types.Func) bool {
	if obj == nil {
		return false
	}
	res := obj.Signature().Results()
	return res.Len() == 1 && isChan(res.At(0).Type())
}

// returnsBefore reports whether the body returns anywhere but at ret.
func returnsBefore(info *types.Info, body *ast.BlockStmt, ret *ast.ReturnStmt) bool {
	found := false
	walkBody(info, body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		found = found || n != ret
		return !found
	})
	return found
}

// returnsTimerOf reports whether the returned expression is the channel of
// the function's one timed call: time.After(d) itself, or t.C of t :=
// time.NewTimer(d) when nothing else uses t (a Stop or Reset).
func (r *Result) returnsTimerOf(fn *funcNode, result ast.Expr, timed *ast.CallExpr) bool {
	info := r.info
	switch code.Callee(info, timed).FullName() {
	case "time.After":
		return ast.Unparen(result) == timed
	case "time.NewTimer":
		sel, ok := ast.Unparen(result).(*ast.SelectorExpr)
		timer := timerMadeBy(info, fn.body, timed)
		return ok && sel.Sel.Name == "C" && timer != nil && code.VarOf(info, sel.X) == timer && usesOf(info, fn.body, timer) == 1
	}
	return false
}

// usesOf counts the uses of v in a body, nested literals included.
func usesOf(info *types.Info, body ast.Node, v *types.Var) int {
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == v {
			n++
		}
		return true
	})
	return n
}

// timerChanParam returns the fact of a function whose timed call's one
// argument is its duration parameter, or nil.
func timerChanParam(info *types.Info, fn *funcNode, timed *ast.CallExpr, sooner bool) *WaitsParam {
	param := durationParamIndex(info, fn, timed)
	if param < 0 {
		return nil
	}
	return &WaitsParam{Param: param, Sooner: sooner, Chan: true}
}
