package retryscope

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop often waits through a small function that waits the duration it is
// handed:
//
//	func waitFor(ctx context.Context, d time.Duration) error {
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-time.After(d):
//			return nil
//		}
//	}
//
// A call of it waits its argument, as time.After(arg) written in the loop
// would: the wait's Duration is the caller's argument, read in the caller's
// loop (growing, jittered, capped). The body is read strictly: no loop, one
// timed wait (time.Sleep, time.After, a timer of time.NewTimer) on the
// parameter itself, never assigned, made at the top of the body, alone or in
// a select there whose cases all receive; and nothing else that may wait (no
// other select or receive, no call named like a wait, no function of the
// package that waits, no call through a func value). Another case of that
// select (ctx.Done(), an event) may end the wait sooner: the call then waits
// at most its argument (Cancellable), as the same select in the loop would.
// A ceiling is what the wait totals need (they clear a loop whose waits are
// short), and the argument's growth and randomness are the caller's whatever
// ends the wait: the wait stays WaitOther, so no rule takes it for a wait
// that only its timer ends, nor its length for a floor. A function of
// another package of the analysed code is read through its WaitsParam fact;
// one out of reach (no body, no fact, a func value, an interface) stays a
// wait of unknown length.

// WaitsParam marks a function that waits its duration parameter Param
// (wait_durparam.go): its calls in other packages wait their argument.
type WaitsParam struct {
	Param int
	// Sooner says another case of its select (ctx.Done(), an event) may end
	// the wait before its timer: it waits at most its argument.
	Sooner bool
	// Chan says it waits on nothing itself but returns a channel its timer
	// of the parameter feeds: a receive from its result waits
	// (wait_durchan.go).
	Chan bool
	// CtxErr is 1 + the index of the context parameter whose Err() is every
	// error it returns, or 0 (wait_ctxsleep.go).
	CtxErr int
	Origin
}

func (*WaitsParam) AFact() {}

func (f *WaitsParam) String() string {
	if f.Chan {
		return fmt.Sprintf("returns a channel fired by its parameter %d", f.Param)
	}
	if f.Sooner {
		return fmt.Sprintf("waits at most its parameter %d", f.Param)
	}
	return fmt.Sprintf("waits its parameter %d", f.Param)
}

// paramWait returns the wait of a call of fn, a wait of the call's argument,
// when fn waits its duration parameter, or nil.
func (f *flow) paramWait(call *ast.CallExpr, fn *types.Func) *Wait {
	wp := f.durationParam(call, fn)
	if wp == nil || wp.Chan {
		return nil
	}
	return &Wait{Kind: WaitOther, At: call, Call: call, Duration: call.Args[wp.Param], Cancellable: wp.Sooner}
}

// durationParam returns how fn, called by call, waits or arms a wait of
// its duration parameter, when the call hands it an argument there, or nil.
func (f *flow) durationParam(call *ast.CallExpr, fn *types.Func) *WaitsParam {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := f.info.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			return nil // (*T).M(x, ...): the receiver is an argument
		}
	}
	wp := f.res.waitsParam(f.pass, fn)
	if wp == nil || call.Ellipsis.IsValid() || wp.Param >= len(call.Args) {
		return nil
	}
	return wp
}

// waitsParam returns how fn waits its duration parameter, or nil: read from
// its body for a function of the package, from its fact for one of another
// package. Memoized.
func (r *Result) waitsParam(pass *analysis.Pass, fn *types.Func) *WaitsParam {
	fn = fn.Origin()
	if wp, ok := r.waitsParams[fn]; ok {
		return wp
	}
	if r.waitsParams == nil {
		r.waitsParams = make(map[*types.Func]*WaitsParam)
	}
	var wp *WaitsParam
	if node := r.funcs.byObj[fn]; node != nil {
		wp = r.readWaitsParam(node)
		if wp == nil {
			wp = r.readTimerChan(node) // wait_durchan.go
		}
	} else if fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
		var fact WaitsParam
		if importObjectFact(pass, fn, &fact) {
			wp = &fact
		}
	}
	r.waitsParams[fn] = wp
	return wp
}

// exportWaitsParam exports WaitsParam for the package's functions that wait
// their duration parameter.
func exportWaitsParam(pass *analysis.Pass, res *Result) {
	if IsExternal(pass) {
		return // other packages never see the fact (Origin)
	}
	for _, fn := range res.funcs.list {
		if fn.obj == nil {
			continue
		}
		if wp := res.waitsParam(pass, fn.obj); wp != nil {
			exportObjectFact(pass, fn.obj, wp)
		}
	}
}

// readWaitsParam reads a function of the package as a wait of its duration
// parameter (see above), or nil.
func (r *Result) readWaitsParam(fn *funcNode) *WaitsParam {
	info := r.info
	if fn.body == nil || fn.hasLoop {
		return nil
	}
	timed, ok := r.onlyTimedCall(fn)
	if !ok {
		return nil
	}
	param := durationParamIndex(info, fn, timed)
	if param < 0 {
		return nil
	}
	recv := timedReceive(info, fn.body, timed)
	if recv == nil {
		return nil
	}
	sel, sooner, ok := topLevelWait(info, fn.body, recv)
	if !ok || !onlyReceivesOf(info, fn.body, recv, sel) {
		return nil
	}
	return &WaitsParam{Param: param, Sooner: sooner, CtxErr: contextErrParam(info, fn)}
}

// durationParamIndex returns the index of the duration parameter that is
// the timed call's one argument, never assigned, or -1.
func durationParamIndex(info *types.Info, fn *funcNode, timed *ast.CallExpr) int {
	if len(timed.Args) != 1 || assignedAnywhere(info, code.VarOf(info, timed.Args[0])) {
		return -1
	}
	return code.ParamIndex(fn.params(info), code.VarOf(info, timed.Args[0]))
}

// onlyTimedCall returns the function's one timed wait (time.Sleep,
// time.After, time.NewTimer), when nothing else in its body may wait: no
// other call of package time that waits or arms a wait, no call named like a
// wait, no function of the package that waits, no call through a func value.
func (r *Result) onlyTimedCall(fn *funcNode) (*ast.CallExpr, bool) {
	info := r.info
	var timed *ast.CallExpr
	ok := true
	walkBody(info, fn.body, callKinds, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		if tv, known := info.Types[call.Fun]; !known || !tv.IsValue() {
			return ok // a conversion or a builtin
		}
		c := code.Callee(info, call)
		switch {
		case c == nil, code.IsInterfaceMethod(c) && !isContextMethod(c):
			ok = false // a func value or an interface's method: out of sight
		case isTimedWait(c):
			ok, timed = timed == nil, call
		case namedWait(c):
			ok = false
		default:
			if node := r.funcs.byObj[c.Origin()]; node != nil && node != fn && waitsInside(info, node) {
				ok = false
			}
		}
		return ok
	})
	return timed, ok && timed != nil
}

// isTimedWait reports whether fn is a function of package time that waits
// or arms a wait (timeWaits); a ticker's is one too, so that a body with one
// is no single wait.
func isTimedWait(fn *types.Func) bool {
	_, ok := timeWaits[fn.FullName()]
	return ok
}

// isContextMethod reports whether fn is a method of context.Context (Done,
// Err): it does not wait.
func isContextMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && IsContext(recv.Type())
}

// assignedAnywhere reports whether the package assigns v (v = e, v *= 2).
func assignedAnywhere(info *types.Info, v *types.Var) bool {
	for range code.DefsOf(info, v) {
		return true
	}
	return v == nil
}

// timedReceive returns where the body waits on its timed call: the call of
// time.Sleep itself, the receive from time.After(d), or the one receive from
// the channel of the timer time.NewTimer(d) makes; nil for none or another
// timed call.
func timedReceive(info *types.Info, body *ast.BlockStmt, timed *ast.CallExpr) ast.Expr {
	switch code.Callee(info, timed).FullName() {
	case "time.Sleep":
		return timed
	case "time.After":
		path := code.TreeOf(info).Enclosing(timed)
		if u, ok := parentOf(path, 0).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			return u
		}
	case "time.NewTimer":
		return timerChanReceive(info, body, timed)
	}
	return nil
}

// timerChanReceive returns the one receive from the channel of the timer a
// statement of the body makes with made (t := time.NewTimer(d)), or nil.
func timerChanReceive(info *types.Info, body *ast.BlockStmt, made *ast.CallExpr) ast.Expr {
	timer := timerMadeBy(info, body, made)
	if timer == nil {
		return nil
	}
	var found []*ast.UnaryExpr
	walkBody(info, body, []ast.Node{(*ast.UnaryExpr)(nil)}, func(n ast.Node) bool {
		u := n.(*ast.UnaryExpr)
		if sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr); ok && u.Op == token.ARROW && sel.Sel.Name == "C" && code.VarOf(info, sel.X) == timer {
			found = append(found, u)
		}
		return true
	})
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

// timerMadeBy returns the variable that a statement of the body (t :=
// time.NewTimer(d)) gives the timer made, when nothing else assigns it.
func timerMadeBy(info *types.Info, body *ast.BlockStmt, made *ast.CallExpr) *types.Var {
	path := code.TreeOf(info).Enclosing(made)
	as, ok := parentOf(path, 0).(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !inList(body, as) {
		return nil
	}
	v := code.VarOf(info, as.Lhs[0])
	if v == nil {
		return nil
	}
	if def, sole := code.SoleDef(info, v); !sole || def.Stmt != as {
		return nil
	}
	return v
}

// topLevelWait reports whether the wait at recv is made by a statement of
// the body's own list: alone (time.Sleep(d), <-t.C), or as a case of a
// select there whose cases all receive (sel); sooner when another case of it
// may end the wait first.
func topLevelWait(info *types.Info, body *ast.BlockStmt, recv ast.Expr) (sel *ast.SelectStmt, sooner, ok bool) {
	path := code.TreeOf(info).Enclosing(recv)
	stmt, isStmt := parentOf(path, 0).(ast.Stmt)
	if !isStmt {
		return nil, false, false
	}
	if inList(body, stmt) {
		return nil, false, true
	}
	cc, isCase := parentOf(path, 1).(*ast.CommClause)
	if !isCase || cc.Comm != stmt {
		return nil, false, false
	}
	sel, isSelect := parentOf(path, 3).(*ast.SelectStmt)
	if !isSelect || !inList(body, sel) || !receivesOnly(sel) {
		return nil, false, false
	}
	return sel, otherReceive(sel, cc), true
}

// onlyReceivesOf reports whether every blocking receive of the body is the
// wait's (recv) or a case of its select (sel): no other select without a
// default, no receive elsewhere (a case body waiting on more).
func onlyReceivesOf(info *types.Info, body *ast.BlockStmt, recv ast.Expr, sel *ast.SelectStmt) bool {
	ok := true
	walkBody(info, body, []ast.Node{(*ast.SelectStmt)(nil), (*ast.UnaryExpr)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt:
			if n != sel && !hasDefault(n) {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && ast.Expr(n) != recv && !inCommOf(info, n, sel) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// inCommOf reports whether a receive is the communication of a case of sel,
// or of a select with a default (which never blocks).
func inCommOf(info *types.Info, u *ast.UnaryExpr, sel *ast.SelectStmt) bool {
	path := code.TreeOf(info).Enclosing(u)
	cc, ok := parentOf(path, 1).(*ast.CommClause)
	if !ok || cc.Comm == nil || !within(cc.Comm, u) {
		return false
	}
	s, ok := parentOf(path, 3).(*ast.SelectStmt)
	return ok && (s == sel || hasDefault(s))
}

// parentOf returns the k-th statement or expression above path[0], parens
// left out, or nil.
func parentOf(path []ast.Node, k int) ast.Node {
	for _, n := range path[min(1, len(path)):] {
		if _, paren := n.(*ast.ParenExpr); paren {
			continue
		}
		if k == 0 {
			return n
		}
		k--
	}
	return nil
}

// inList reports whether stmt is a statement of the body's own list.
func inList(body *ast.BlockStmt, stmt ast.Stmt) bool {
	for _, s := range body.List {
		if s == stmt {
			return true
		}
	}
	return false
}
