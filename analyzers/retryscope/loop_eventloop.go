package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An event loop: every round starts by waiting for the next event on a
// channel that someone else feeds, and acts on it:
//
//	signals := make(chan os.Signal, 1)
//	signal.Notify(signals, syscall.SIGHUP, syscall.SIGTERM)
//	for {
//		sig := <-signals
//		if sig != syscall.SIGHUP {
//			return
//		}
//		if err := reload(); err != nil {
//			log.Print(err)
//			continue // wait for the next signal
//		}
//		return
//	}
//
// A failure goes back to the receive, which blocks until a new event comes
// (a signal, a request another goroutine sends): nothing is done again
// without it, so the loop is no retry. The receive is the loop's first
// statement and keeps the value (sig := <-ch, v, ok := <-ch) from a channel
// variable or field, and the attempt does not take that value or anything
// assigned from it: a value the attempt is made on or with is a member taken
// from a pool (loop_pooldrain.go) or an item to handle (loop_fresh.go), not
// an event. A clock's channel (a timer's, a ticker's) is a wait before a
// retry, not an event, and so is a receive that drops its value (a token or
// a stop). A loop that feeds the channel itself (a failure sends the event
// back, or hands the channel to a call, or calls a function of the package
// that sends on it) gets its failure back as the next event: still a retry.
// A retry of the call in an inner loop for one event is that inner loop's.

// awaitsEvent reports whether every round of l starts by receiving an event
// fed from outside the loop and c's attempts come after that receive.
func (f *flow) awaitsEvent(l *loop, c *outcomeCheck) bool {
	fs, ok := l.stmt.(*ast.ForStmt)
	if !ok || fs.Body == nil || len(fs.Body.List) == 0 || len(c.attempts) == 0 {
		return false
	}
	first := fs.Body.List[0]
	ch := f.eventChan(first)
	if ch == nil {
		return false
	}
	received := code.Assigned(f.info, first.(*ast.AssignStmt).Lhs[0])
	if received == nil {
		return false
	}
	event := f.assignedFrom(fs.Body, received)
	for _, a := range c.attempts {
		if a.Pos() < first.End() || mentions(f.info, a, event) {
			return false
		}
	}
	for _, s := range fs.Body.List[1:] {
		if mentions(f.info, s, []types.Object{ch}) || f.sendsOn(s, ch, map[*funcNode]bool{}) {
			return false
		}
	}
	return true
}

// eventChan returns the channel variable or field that s receives a kept
// value from, other than a clock's; else nil.
func (f *flow) eventChan(s ast.Stmt) types.Object {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) == 0 || blanks(as.Lhs[:1]) {
		return nil
	}
	ch, _ := receivedChan(s)
	if ch == nil || code.IsClockChan(f.info, ch) {
		return nil
	}
	return code.Assigned(f.info, ch)
}

// sendsOn reports whether n, or a function of the package it calls, sends on
// ch.
func (f *flow) sendsOn(n ast.Node, ch types.Object, seen map[*funcNode]bool) bool {
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.SendStmt:
			found = code.Assigned(f.info, m.Chan) == ch
		case *ast.CallExpr:
			fn := code.Callee(f.info, m)
			if fn == nil || fn.Pkg() != f.pass.Pkg {
				break
			}
			if g := f.res.funcs.byObj[fn.Origin()]; g != nil && g.body != nil && !seen[g] && len(seen) < maxDepth {
				seen[g] = true
				found = f.sendsOn(g.body, ch, seen)
			}
		}
		return !found
	})
	return found
}

// assignedFrom returns v and the variables body assigns from it, directly or
// through each other, in source order.
func (f *flow) assignedFrom(body *ast.BlockStmt, v types.Object) []types.Object {
	out := []types.Object{v}
	code.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || !slices.ContainsFunc(as.Rhs, func(e ast.Expr) bool { return mentions(f.info, e, out) }) {
			return true
		}
		for _, l := range as.Lhs {
			if o := lhsObj(f.info, l); o != nil {
				out = appendNew(out, o)
			}
		}
		return true
	})
	return out
}
