package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A heartbeat (a keep-alive, a periodic report) with a reconnect:
//
//	again:
//		s, err := open(ctx)
//		if err != nil { time.Sleep(every); goto again }
//		t := time.NewTicker(every)
//		for {
//			select {
//			case <-t.C:
//				if err := s.Send(beat); err != nil { goto again }
//			case <-done:
//				return
//			}
//		}
//
// Its normal path is a beat loop: a ticker paces a send on every tick, and a
// stop (a channel, ctx.Done()) in the same select ends it. It runs for as long
// as its stopper wants, so no attempt limit is its design; and its waits,
// failed or not, are the beat: one interval, which the other side's liveness
// window is sized to, so a backoff past it would read as the sender gone.
// The reconnect is part of the beat, not a retry to pace, only when every
// timed wait of the loop is the beat's interval (PacedByBeat).

// Heartbeat reports whether the loop region r holds such a beat loop: it
// runs until its stop by design.
func (res *Result) Heartbeat(r *Region) bool {
	beat, _ := res.beatIntervals(r)
	return beat
}

// PacedByBeat reports whether r is a Heartbeat whose every timed wait
// between rounds is the ticker's or lasts the ticker's interval.
func (res *Result) PacedByBeat(r *Region) bool {
	beat, intervals := res.beatIntervals(r)
	return beat && len(intervals) > 0 && everyWaitIsBeat(r.Waits, intervals)
}

// beatIntervals reports whether the loop region r holds a beat loop, and
// returns the intervals of the tickers its code starts.
func (res *Result) beatIntervals(r *Region) (bool, map[string]bool) {
	if res == nil || res.info == nil || r == nil || r.Kind != LoopRegion || len(r.Waits) == 0 {
		return false, nil
	}
	body := code.FuncBody(r.Func)
	pos, end := regionSpan(res.info, r, body)
	if body == nil || !pos.IsValid() {
		return false, nil
	}
	beat := false
	intervals := make(map[string]bool)
	code.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= end || n.End() <= pos {
			return false // outside the region (after it, or wholly before it)
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			beat = beat || res.beatLoop(n)
		case *ast.CallExpr:
			if d := tickerInterval(res.info, n); d != nil {
				intervals[types.ExprString(d)] = true
			}
		}
		return true
	})
	return beat, intervals
}

// everyWaitIsBeat reports whether each timed wait is a ticker's, or a
// constant wait of one of the ticker intervals. A call that blocks on
// something other than a clock (a stream's close handshake) sets no pace.
func everyWaitIsBeat(waits []*Wait, intervals map[string]bool) bool {
	for _, w := range waits {
		if w.Kind == WaitTicker || w.Kind == WaitOther && w.Duration == nil {
			continue
		}
		if w.Duration == nil || w.Growth != GrowthConstant || !intervals[types.ExprString(w.Duration)] {
			return false
		}
	}
	return true
}

// beatLoop reports whether f is `for { select { case <-tick: send; case <-stop: return } }`:
// endless, with a select that receives a ticker's time and calls something that
// can fail on it, and leaves on a stop.
func (res *Result) beatLoop(f *ast.ForStmt) bool {
	if f.Cond != nil || f.Body == nil {
		return false
	}
	for _, s := range f.Body.List {
		sel, ok := s.(*ast.SelectStmt)
		if ok && res.ticksAndStops(sel) {
			return true
		}
	}
	return false
}

func (res *Result) ticksAndStops(sel *ast.SelectStmt) bool {
	ticks, stops := false, false
	for _, s := range sel.Body.List {
		cc, ok := s.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			continue
		}
		switch {
		case stopOf(res.info, cc.Comm) != nil:
			stops = stops || code.EndsInReturn(cc.Body)
		case receivesTime(res.info, cc.Comm):
			ticks = ticks || res.callsFallible(cc.Body)
		}
	}
	return ticks && stops
}

// receivesTime reports whether comm receives from a channel of time.Time (a
// ticker's C, time.Tick).
func receivesTime(info *types.Info, comm ast.Stmt) bool {
	ch, _ := receivedChan(comm)
	return ch != nil && code.IsClockChan(info, ch)
}

// callsFallible reports whether stmts call something that returns an error.
func (res *Result) callsFallible(stmts []ast.Stmt) bool {
	found := false
	for _, s := range stmts {
		code.Inspect(s, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && returnsError(res.info, call) {
				found = true
			}
			_, lit := n.(*ast.FuncLit)
			return !found && !lit
		})
	}
	return found
}

// tickerInterval returns the interval of a time.NewTicker or time.Tick call,
// or nil.
func tickerInterval(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := code.Callee(info, call)
	if fn == nil || len(call.Args) != 1 {
		return nil
	}
	switch fn.FullName() {
	case "time.NewTicker", "time.Tick":
		return call.Args[0]
	}
	return nil
}

// regionSpan returns where a loop region's code lies in body: the loop
// statement, or for a goto loop from its label to its last goto back.
func regionSpan(info *types.Info, r *Region, body *ast.BlockStmt) (token.Pos, token.Pos) {
	ls, ok := r.Loop.(*ast.LabeledStmt)
	if !ok {
		if r.Loop == nil {
			return token.NoPos, token.NoPos
		}
		return r.Loop.Pos(), r.Loop.End()
	}
	end := lastGotoBack(info, body, ls)
	if !end.IsValid() {
		return token.NoPos, token.NoPos
	}
	return ls.Pos(), end
}
