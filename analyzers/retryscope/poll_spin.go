package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Loops that go round at once: a poll with no wait at all, and an accept
// loop whose failure way does not wait.
//
// A state poll asks another system for a state and goes round on "not yet";
// its error and its answer leave the loop:
//
//	for {
//		busy, err := c.migrating()
//		if err != nil || !busy {
//			return err
//		}
//	}
//
// With no wait anywhere in the loop (no sleep, timer, ticker or helper that
// waits: Region.Waits, but for a call that only waits for its own work with a
// timeout: wait_ownwork.go; no channel receive or select that can block:
// BlocksOnChannel) it asks again as soon as the answer comes, as fast as the
// round trips allow, for as long as the state lasts. The proof is a for {}
// loop whose every round makes the call; a non-error result of the call is
// read by a condition of the loop (the state); the call's error leaves the
// loop (an error going round makes a retry, read elsewhere); the blocks that
// go round make no call but the ask (nothing is done with an item: a worker's
// or a reader's loop is no poll); the loop assigns nothing declared outside
// it (a long poll hands the server the index it saw last, so each round asks
// something new and the server may hold the answer); the ask is no read of
// the next item (Read, Recv, Next: it blocks until there is one); and no
// counter bounds the rounds (a few quick tries).
//
// An accept loop takes a connection from a listener of this process (a
// listener's Accept: local_serve.go) and, on a failure, goes back to Accept.
// A persistent failure — out of file descriptors, EMFILE — fails every Accept
// at once, so a failure way with no wait spins a core and writes the log line
// of that way as fast as it can (net/http's Server waits 5 ms, doubling to
// 1 s, before it accepts again). The proof is a failure way back to the
// header with no wait, no blocking channel operation, and no call out of
// reach (an interface method or a func value may wait). An Accept that
// succeeds blocks until a client comes: only the failure way counts. A loop
// that returns on every failure, or waits on its failure way, stays quiet;
// one that returns on net.ErrClosed and goes round at once on the others
// spins all the same.

// spinReadings are the loops of a package that go round at once.
type spinReadings struct {
	// polls are state polls with no wait (the region's Attempts are the asks).
	polls []*Region
	// accepts are accept loops whose failure way does not wait.
	accepts []acceptSpin
	// receives are receive loops whose failure way does not wait
	// (poll_receivespin.go).
	receives []*Region
	// caps are the unitless caps of growing waits (wait_unitless.go).
	caps []*UnitlessCap
}

// acceptSpin is an accept loop that goes round at once, with the retry
// region of the same loop, or nil.
type acceptSpin struct{ loop, retry *Region }

// findSpins reads loop l, whose retry region is retry or nil, for the loops
// that go round at once: a state poll is no retry; an accept loop may be one
// (it takes one connection), judged here when its attempt stays in the
// process (SpinningAccepts).
func (f *flow) findSpins(l *loop, retry *Region) {
	if retry == nil {
		if r := f.spinPollRegion(l); r != nil {
			f.res.spins.polls = append(f.res.spins.polls, r)
		}
	}
	if !f.acceptsLocally(callsIn(l.stmt)) {
		if retry == nil {
			if r := f.receiveSpinRegion(l); r != nil {
				f.res.spins.receives = append(f.res.spins.receives, r)
			}
		}
		return
	}
	if r := f.acceptSpinRegion(l); r != nil {
		f.res.spins.accepts = append(f.res.spins.accepts, acceptSpin{r, retry})
	}
}

// callsIn returns the calls under n.
func callsIn(n ast.Node) []*ast.CallExpr {
	var out []*ast.CallExpr
	code.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			out = append(out, call)
		}
		return true
	})
	return out
}

// SpinningPolls returns the state polls that reach another system and ask
// again at once: no wait of any kind in the loop.
func (res *Result) SpinningPolls() []*Region {
	return remoteRegions(res.spins.polls, func(*Region) bool { return true })
}

// SpinningAccepts returns the accept loops whose failure way goes back to
// Accept at once, but for those whose retry region reaches another system:
// the rules judge that region (a remote retry that tries again at once).
func (res *Result) SpinningAccepts() []*Region {
	var out []*Region
	for _, a := range res.spins.accepts {
		if a.retry == nil || !a.retry.Remote() {
			out = append(out, a.loop)
		}
	}
	return out
}

// spinPollRegion returns a state poll of l with no wait, as a region, or nil.
func (f *flow) spinPollRegion(l *loop) *Region {
	if fs, ok := l.stmt.(*ast.ForStmt); !ok || fs.Cond != nil {
		return nil
	}
	if f.assignsOuter(l) || BlocksOnChannel(f.info, l.stmt) || !f.pausesNever(l) {
		return nil
	}
	for _, c := range f.spinChecks(l) {
		if !f.testsError(c) || l.reachesHeader(c.failure()) || !l.unavoidable(f.blocksOf(c.attempts)) ||
			!f.asksState(l, c) || !f.roundOnlyAsks(l, c) {
			continue
		}
		r := f.spinRegion(l, c)
		if r.Bound.Counter != nil {
			return nil
		}
		return r
	}
	return nil
}

// spinChecks returns the loop's outcome checks, and the error tests joined
// by || with other conditions (err != nil || !busy): the condition is true
// on every failure, so its true branch holds the failure way.
func (f *flow) spinChecks(l *loop) []*outcomeCheck {
	out := f.outcomeChecks(l)
	for b, cond := range f.conditions(l) {
		bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
		if !ok || bin.Op != token.LOR || f.tags[cond] != nil {
			continue
		}
		if _, _, whole := outcomeTest(f.info, cond, nil); whole {
			continue // an outcome check already
		}
		for _, operand := range code.Operands(bin, token.LOR) {
			tested, failWhenTrue, ok := outcomeTest(f.info, operand, nil)
			if !ok || !failWhenTrue {
				continue
			}
			c := &outcomeCheck{block: b, failWhenTrue: true}
			for _, t := range tested {
				f.attemptsOf(l, t, c)
			}
			if len(c.attempts) > 0 && f.testsError(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// asksState reports whether c's calls are no reads of the next item and one
// of them returns, besides its error, a value a condition of the loop reads.
func (f *flow) asksState(l *loop, c *outcomeCheck) bool {
	var state []types.Object
	for _, call := range c.attempts {
		if _, reads := f.readsNext(call); reads || f.takesNextItem(call) {
			return false
		}
		state = append(state, f.resultVars(call)...)
	}
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		cond := condExpr(n)
		if cond == nil {
			return !found
		}
		code.Inspect(cond, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				for _, v := range state {
					found = found || (f.info.Uses[id] == v && !isErrorType(v.Type()))
				}
			}
			return !found
		})
		return !found
	})
	return found
}

// condExpr returns the condition of an if statement, or nil.
func condExpr(n ast.Node) ast.Expr {
	if s, ok := n.(*ast.IfStmt); ok {
		return s.Cond
	}
	return nil
}

// resultVars returns the variables an assignment of call's results defines
// or sets.
func (f *flow) resultVars(call *ast.CallExpr) []types.Object {
	var out []types.Object
	code.Inspect(f.fn.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return len(out) == 0
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok {
				if v := f.info.ObjectOf(id); v != nil {
					out = append(out, v)
				}
			}
		}
		return false
	})
	return out
}

// roundOnlyAsks reports whether the blocks of the loop that get back to its
// header make no call but c's.
func (f *flow) roundOnlyAsks(l *loop, c *outcomeCheck) bool {
	ok := true
	for _, b := range f.g.Blocks {
		if !l.holds(b) || !l.reachesHeader(b) {
			continue
		}
		for _, n := range b.Nodes {
			code.Inspect(n, func(m ast.Node) bool {
				call, isCall := m.(*ast.CallExpr)
				if _, isLit := m.(*ast.FuncLit); isLit || !ok {
					return false
				}
				if isCall && !withinAny(call, c.attempts) && !callsNothing(f.info, call) {
					ok = false
				}
				return ok
			})
		}
	}
	return ok
}

// withinAny reports whether call is one of calls or inside one.
func withinAny(call *ast.CallExpr, calls []*ast.CallExpr) bool {
	for _, c := range calls {
		if within(c, call) {
			return true
		}
	}
	return false
}

// spinRegion returns loop l with c's calls as its attempts.
func (f *flow) spinRegion(l *loop, c *outcomeCheck) *Region {
	r := &Region{Kind: LoopRegion, Pos: l.stmt.Pos(), Loop: l.stmt, Body: loopBody(l.stmt), Func: f.fn.node, Attempts: c.attempts, ErrVars: c.vars}
	r.Context = contextAt(f.pass, l.pos)
	r.Bound = f.bound(l)
	return r
}

// acceptSpinRegion returns an accept loop of l whose failure way goes back to
// Accept at once, as a region, or nil.
func (f *flow) acceptSpinRegion(l *loop) *Region {
	for _, c := range f.spinChecks(l) {
		if !f.testsError(c) || !f.acceptsLocally(c.attempts) || !l.reachesHeader(c.failure()) {
			continue
		}
		if !f.backAtOnce(l, c) {
			return nil
		}
		return f.uncountedSpin(l, c)
	}
	return nil
}

// backAtOnce reports whether c's failure way goes back to the header with
// no wait, no channel operation that can block and no call out of reach.
func (f *flow) backAtOnce(l *loop, c *outcomeCheck) bool {
	way := l.wayBack(c.failure())
	return !f.waitsOnWay(l, way) && !f.blocksOnWay(l, way) && !f.unknownCallOnWay(l, way) &&
		!f.blocksBeforeCalls(l, c.attempts)
}

// blocksBeforeCalls reports whether every round blocks on a channel before
// it reaches the calls: a statement of the loop's body ahead of them, not
// nested in a branch, that receives (sig := <-signals) or selects with no
// default. The way back from a failure runs through it: the loop waits for
// the next signal or request, not for nothing.
func (f *flow) blocksBeforeCalls(l *loop, calls []*ast.CallExpr) bool {
	body, ok := loopBody(l.stmt).(*ast.BlockStmt)
	if !ok || len(calls) == 0 {
		return false
	}
	first := calls[0].Pos()
	for _, call := range calls {
		first = min(first, call.Pos())
	}
	for _, st := range body.List {
		if st.End() > first {
			return false
		}
		switch st.(type) {
		case *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.SelectStmt:
			if BlocksOnChannel(f.info, st) {
				return true
			}
		}
	}
	return false
}

// uncountedSpin returns loop l with c's calls as its attempts, or nil when
// a counter of rounds bounds it (poll_acceptstop.go).
func (f *flow) uncountedSpin(l *loop, c *outcomeCheck) *Region {
	if r := f.spinRegion(l, c); !boundsSpin(r.Bound) {
		return r
	}
	return nil
}

// acceptsLocally reports whether one of the calls is a listener's Accept of
// this process.
func (f *flow) acceptsLocally(calls []*ast.CallExpr) bool {
	for _, call := range calls {
		if fn := code.Callee(f.info, call); fn != nil && servesLocally(fn) && onListener(fn) {
			return true
		}
	}
	return false
}

// waitsOnWay reports whether a wait of the loop lies on the way.
func (f *flow) waitsOnWay(l *loop, way map[*cfg.Block]bool) bool {
	for _, w := range f.waits(l) {
		if w.At == nil || f.onWay(w.At, way) {
			return true
		}
	}
	return false
}

// blocksOnWay reports whether a channel operation on the way can block: a
// receive, a select without a default, a range over a channel. A select with
// a default is judged by its cases' bodies (poll_acceptstop.go).
func (f *flow) blocksOnWay(l *loop, way map[*cfg.Block]bool) bool {
	found := false
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectStmt); ok && hasDefault(s) {
			for _, st := range caseBodies(s) {
				code.Inspect(st, visit)
			}
			return false
		}
		switch n.(type) {
		case *ast.UnaryExpr, *ast.SelectStmt, *ast.RangeStmt:
			found = found || (f.onWay(n, way) && BlocksOnChannel(f.info, n))
		}
		return !found
	}
	code.Inspect(loopBody(l.stmt), visit)
	return found
}

// unknownCallOnWay reports whether a call on the way is out of reach: a
// call through a func value or an interface method may wait, but for one
// that answers at once (poll_acceptstop.go).
func (f *flow) unknownCallOnWay(l *loop, way map[*cfg.Block]bool) bool {
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || !f.onWay(call, way) || callsNothing(f.info, call) {
			return !found
		}
		fn := code.Callee(f.info, call)
		found = fn == nil || (code.IsInterfaceMethod(fn) && !f.answersAtOnce(call))
		return !found
	})
	return found
}

// callsNothing reports whether call is a conversion or a builtin (len,
// append): no call that could wait.
func callsNothing(info *types.Info, call *ast.CallExpr) bool {
	_, builtin := info.Uses[code.NameIdent(call.Fun)].(*types.Builtin)
	return builtin || info.Types[call.Fun].IsType()
}

// asksError reports whether call is a method of an error value (Error,
// Timeout, Temporary): it answers about the value in hand.
func (f *flow) asksError(call *ast.CallExpr) bool {
	recv, ok := code.MethodRecv(f.info, call)
	if !ok {
		return false
	}
	t := f.info.TypeOf(recv)
	return t != nil && types.Implements(t, errorType)
}
