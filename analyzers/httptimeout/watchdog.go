package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A send run by a goroutine whose starter waits for its answer in a select
// that also leaves when a timer fires is bounded by that timer: the watchdog
// of code written before requests carried contexts.
//
//	done := make(chan result, 1)
//	go func() {
//		resp, err := c.client.Do(req)
//		done <- result{resp, err}
//	}()
//	select {
//	case r := <-done:
//		return r.resp, r.err
//	case <-timer.C:
//		cancelRequest(c.Transport, req)
//		return nil, ErrTimeout
//	}
//
// A server that never answers holds the goroutine until the request is
// cancelled, not the caller: "blocks forever" is no claim about such a send.
// The timer case must return, so that the caller leaves.

// watchedSend reports whether the send at the end of stack runs in a
// goroutine the enclosing function watches with a timer.
func (c *checker) watchedSend(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 3; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		call, isCall := stack[i-1].(*ast.CallExpr)
		g, isGo := stack[i-2].(*ast.GoStmt)
		block, isBlock := stack[i-3].(*ast.BlockStmt)
		if !isCall || call.Fun != lit || !isGo || g.Call != call || !isBlock {
			return false
		}
		return c.timerWatches(block, g, c.answerChans(lit))
	}
	return false
}

// answerChans returns the channel variables the literal sends on.
func (c *checker) answerChans(lit *ast.FuncLit) map[*types.Var]bool {
	chans := map[*types.Var]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SendStmt); ok {
			if v := c.chanVar(s.Chan); v != nil {
				chans[v] = true
			}
		}
		return true
	})
	return chans
}

// timerWatches reports whether a statement of block after g is a select with
// a case receiving from one of chans and a case receiving from a clock
// channel that returns.
func (c *checker) timerWatches(block *ast.BlockStmt, g *ast.GoStmt, chans map[*types.Var]bool) bool {
	if len(chans) == 0 {
		return false
	}
	for _, st := range block.List {
		sel, ok := st.(*ast.SelectStmt)
		if !ok || st.Pos() < g.End() {
			continue
		}
		answer, timer := false, false
		for _, cc := range sel.Body.List {
			clause := cc.(*ast.CommClause)
			ch := code.RecvChan(clause.Comm)
			if ch == nil {
				continue
			}
			if v := c.chanVar(ch); v != nil && chans[v] {
				answer = true
			}
			if code.IsClockChan(c.info, ch) && code.EndsInReturn(clause.Body) {
				timer = true
			}
		}
		if answer && timer {
			return true
		}
	}
	return false
}

// chanVar returns the variable or field a channel expression names, or nil.
func (c *checker) chanVar(e ast.Expr) *types.Var {
	id := code.NameIdent(e)
	if id == nil {
		return nil
	}
	v, _ := c.info.ObjectOf(id).(*types.Var)
	return v
}
