package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// forwarder is what the body of a function that forwards its timer's firing
// to the channel it returns is made of (wait_durchan.go).
type forwarder struct {
	ch        *types.Var     // the channel returned
	made      *ast.CallExpr  // time.NewTimer(d)
	madeIn    *ast.BlockStmt // the body that makes the timer
	goroutine *ast.BlockStmt // the body of the one goroutine
	sel       *ast.SelectStmt
	stops     int // deferred t.Stop() of the goroutine
}

// forwardsTimer reads the forwarder, or nil: the function's own statements
// make the channel and perhaps the timer and start one goroutine; the
// goroutine's are deferred stops of the timer, perhaps its making, and one
// select on the timer's channel whose every case sends on or closes the
// channel and does nothing else.
func (r *Result) forwardsTimer(fn *funcNode, result ast.Expr) *WaitsParam {
	info := r.info
	fw := &forwarder{ch: code.VarOf(info, result)}
	if fw.ch == nil || !fw.readOuter(info, fn.body) || !fw.readGoroutine(info) {
		return nil
	}
	timer := timerMadeBy(info, fw.madeIn, fw.made)
	if timer == nil || usesOf(info, fn.body, timer) != fw.stops+1 || usesOf(info, fn.body, fw.ch) != len(fw.sel.Body.List)+1 {
		return nil // the timer stopped or reset, the channel fed elsewhere
	}
	if !fw.feedsFromTimer(info, timer) {
		return nil
	}
	return timerChanParam(info, fn, fw.made, len(fw.sel.Body.List) > 1)
}

// readOuter reads the function's statements before its return.
func (fw *forwarder) readOuter(info *types.Info, body *ast.BlockStmt) bool {
	for _, s := range body.List[:len(body.List)-1] {
		switch s := s.(type) {
		case *ast.GoStmt:
			lit, ok := ast.Unparen(s.Call.Fun).(*ast.FuncLit)
			if !ok || fw.goroutine != nil || len(s.Call.Args) != 0 {
				return false
			}
			fw.goroutine = lit.Body
		case *ast.AssignStmt:
			if !fw.readMade(info, s, body, true) {
				return false
			}
		default:
			return false
		}
	}
	return fw.goroutine != nil
}

// readMade reads an assignment that makes the channel (ch := make(chan T,
// n)) or the timer (t := time.NewTimer(d)), in the function's own body
// (outer) or in the goroutine's (in).
func (fw *forwarder) readMade(info *types.Info, as *ast.AssignStmt, in *ast.BlockStmt, outer bool) bool {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	if outer && code.VarOf(info, as.Lhs[0]) == fw.ch && code.IsBuiltinCall(info, call, "make") {
		def, sole := code.SoleDef(info, fw.ch)
		return sole && def.Stmt == as
	}
	if c := code.Callee(info, call); c != nil && c.FullName() == "time.NewTimer" && fw.made == nil {
		fw.made, fw.madeIn = call, in
		return true
	}
	return false
}

// readGoroutine reads the goroutine's statements.
func (fw *forwarder) readGoroutine(info *types.Info) bool {
	for _, s := range fw.goroutine.List {
		switch s := s.(type) {
		case *ast.DeferStmt:
			if !isStopCall(info, s.Call) {
				return false
			}
			fw.stops++
		case *ast.AssignStmt:
			if !fw.readMade(info, s, fw.goroutine, false) {
				return false
			}
		case *ast.SelectStmt:
			if fw.sel != nil {
				return false
			}
			fw.sel = s
		default:
			return false
		}
	}
	return fw.sel != nil && fw.made != nil
}

// feedsFromTimer reports whether one case of the select receives from the
// timer's channel and every case receives, then sends on or closes the
// channel and does nothing else.
func (fw *forwarder) feedsFromTimer(info *types.Info, timer *types.Var) bool {
	fromTimer := 0
	for _, c := range fw.sel.Body.List {
		cc := c.(*ast.CommClause)
		ch, _ := receivedChan(cc.Comm)
		if ch == nil || len(cc.Body) != 1 || !fw.feeds(info, cc.Body[0]) {
			return false
		}
		if sel, ok := ast.Unparen(ch).(*ast.SelectorExpr); ok && sel.Sel.Name == "C" && code.VarOf(info, sel.X) == timer {
			fromTimer++
		}
	}
	return fromTimer == 1
}

// feeds reports whether a statement sends on the channel or closes it.
func (fw *forwarder) feeds(info *types.Info, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.SendStmt:
		return code.VarOf(info, s.Chan) == fw.ch
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		return ok && code.IsBuiltinCall(info, call, "close") && len(call.Args) == 1 && code.VarOf(info, call.Args[0]) == fw.ch
	}
	return false
}

// isStopCall reports whether a call stops a timer (t.Stop()).
func isStopCall(info *types.Info, call *ast.CallExpr) bool {
	c := code.Callee(info, call)
	return c != nil && c.FullName() == "(*time.Timer).Stop"
}
