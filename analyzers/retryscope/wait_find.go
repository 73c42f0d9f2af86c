package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// waitName matches calls that probably wait (a sleep or backoff helper of the
// analysed code, a rate limiter's Wait of a library), so that a loop calling one
// is not a hot retry.
var waitName = regexp.MustCompile(`(?i)(sleep|wait|backoff|delay|pause)`)

// waits finds the waits between attempts of a loop.
func (f *flow) waits(l *loop) []*Wait {
	var out []*Wait
	var selects []*ast.SelectStmt
	var clauses clauseStack
	walkBody(f.info, f.fn.body, waitKinds, func(n ast.Node) bool {
		clauses.enter(n)
		if !l.contains(n.Pos()) {
			return true
		}
		switch n := n.(type) {
		case *ast.SelectStmt:
			selects = append(selects, n)
		case *ast.CallExpr:
			if w := clauses.place(f.callWait(l, n)); w != nil {
				out = append(out, w)
			}
		case *ast.UnaryExpr:
			if w := clauses.place(f.channelWait(n)); w != nil {
				out = append(out, w)
			}
		}
		return true
	})
	for _, w := range out {
		f.placeHeldAfter(l, w) // wait_afterheld.go
	}
	out = f.dropTimeoutCases(l, out)
	for _, s := range selects {
		if !hasWaitIn(out, s) && receivesOnly(s) {
			out = append(out, &Wait{Kind: WaitOther, At: s, Select: s, Cancellable: len(s.Body.List) > 1})
		}
	}
	out = f.betweenAttempts(l, dropZero(f.info, out))
	if w := f.rangeWait(l); w != nil {
		out = append(out, w)
	}
	for _, w := range out {
		if w.Duration != nil && w.Growth == GrowthUnknown {
			w.Growth, w.Jitter, w.Deterministic, w.Library = f.growth(l, w.Duration)
		}
	}
	return out
}

// dropZero leaves out the waits that provably last 0 (time.Sleep(r.interval)
// with a field the package never sets): they hold nothing up and pace
// nothing, so no rule counts them as a wait. A ticker of 0 is no such wait:
// time.Tick(0) never fires and time.NewTicker(0) panics.
func dropZero(info *types.Info, waits []*Wait) []*Wait {
	out := waits[:0]
	for _, w := range waits {
		if w.Duration == nil || w.Kind == WaitTicker || !code.AlwaysZero(info, w.Duration) {
			out = append(out, w)
		}
	}
	return out
}

func (f *flow) callWait(l *loop, call *ast.CallExpr) *Wait {
	fn := code.Callee(f.info, call)
	if fn == nil {
		if lit := f.res.returnedClosure(call); lit != nil && waitsInside(f.info, lit) {
			return &Wait{Kind: WaitOther, At: call, Call: call} // funcs_returned.go
		}
		return f.funcValueWait(l, call) // funcwaits.go
	}
	if f.receivedTimerChan(call) {
		return nil // the receive from its result waits (wait_durchan.go)
	}
	if w := f.waitingLibraryCall(l, call, fn); w != nil {
		return w // wait_library.go
	}
	arg := func() ast.Expr {
		if len(call.Args) > 0 {
			return call.Args[0]
		}
		return nil
	}
	if tw, ok := timeWaits[fn.FullName()]; ok && !tw.arms {
		return &Wait{Kind: tw.kind, At: call, Call: call, Duration: arg()}
	}
	callee := f.res.funcs.byObj[fn.Origin()]
	if callee != nil && callee != f.fn && (namedWait(fn) || f.waitsDown(callee)) { // wait_callchain.go
		if w := f.paramWait(call, fn); w != nil {
			return w // wait_durparam.go
		}
		w := &Wait{Kind: WaitOther, At: call, Call: call}
		f.helperGrowth(l, callee, w) // wait_helpergrowth.go
		return w
	}
	if callee == nil {
		if w := f.paramWait(call, fn); w != nil {
			return w // a function of another package, by its fact
		}
	}
	if namedWait(fn) {
		return &Wait{Kind: WaitOther, At: call, Call: call}
	}
	return f.verdictMethodWait(l, call, fn) // verdict_boolwait.go
}

// waitsInside reports whether a function of the package waits itself (a sleep, a
// timer, a select without a default): a loop calling it is not a hot retry even
// if it has no wait of its own (processWithRetry -> process, which sleeps before
// a repeat attempt). time.AfterFunc schedules work and does not wait, nor does
// a select with a default (a check of ctx.Done() that returns at once).
func waitsInside(info *types.Info, fn *funcNode) bool {
	found := false
	walkBody(info, fn.body, []ast.Node{(*ast.SelectStmt)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt:
			found = found || !hasDefault(n)
		case *ast.CallExpr:
			if c := code.Callee(info, n); c != nil {
				_, waits := timeWaits[c.FullName()]
				found = found || waits || namedWait(c)
			}
		}
		return !found
	})
	return found
}

// timeWait is how a function of package time takes part in a wait: it waits
// at the call or hands back a channel that fires after its duration (Sleep,
// After, Tick), or it arms a timer or ticker whose channel a receive then
// waits on (arms: NewTimer, Reset, NewTicker).
type timeWait struct {
	kind WaitKind
	arms bool
}

// timeWaits are the functions of package time that wait or arm a wait: the one
// list the engine's tests of a waiting call read (callWait, waitsInside,
// SleepsIn, timerMadeBefore, isTimeCtor).
var timeWaits = map[string]timeWait{
	"time.Sleep":          {kind: WaitSleep},
	"time.After":          {kind: WaitAfter},
	"time.Tick":           {kind: WaitTicker},
	"time.NewTimer":       {kind: WaitTimer, arms: true},
	"(*time.Timer).Reset": {kind: WaitTimer, arms: true},
	"time.NewTicker":      {kind: WaitTicker, arms: true},
}

// namedWait reports whether a function outside package time is named like a
// wait (waitName): a sleep or backoff helper of another package or of this one.
// The one test of a waiting call by name, for a call in a loop (callWait) and
// inside a called function (waitsInside).
func namedWait(fn *types.Func) bool {
	return fn.Pkg() != nil && !isTimePkg(fn) && waitName.MatchString(fn.Name())
}

func (f *flow) fnPkg() *types.Package {
	if f.fn.obj != nil {
		return f.fn.obj.Pkg()
	}
	if d := f.fn.decl(); d != nil {
		return d.obj.Pkg()
	}
	return nil
}

// channelWait recognises a receive from a timer's or ticker's channel and finds
// the call that set its duration.
func (f *flow) channelWait(u *ast.UnaryExpr) *Wait {
	if u.Op != token.ARROW {
		return nil
	}
	if w := f.timerChanWait(u); w != nil {
		return w // wait_durchan.go
	}
	return f.timeChanWait(u.X, u)
}

// rangeWait recognises a loop that ranges over a ticker's channel (for range
// t.C): each iteration starts with a receive from it, so the ticker paces
// every attempt the body makes, however the body goes round (the end of the
// body, continue, a break that ends a select clause). The graph evaluates the
// channel once, before the loop, so betweenAttempts cannot place it: it is
// between attempts by construction. A timer's channel is no such pace: it
// fires once, and a second round waits for a Reset the loop may not make.
func (f *flow) rangeWait(l *loop) *Wait {
	rs, ok := l.stmt.(*ast.RangeStmt)
	if !ok {
		return nil
	}
	if w := f.timeChanWait(rs.X, rs.X); w != nil && w.Kind == WaitTicker {
		return w
	}
	return nil
}

// timeChanWait recognises ch, the channel of a timer or ticker (t.C), waited
// on at, and finds the call that set its duration.
func (f *flow) timeChanWait(ch ast.Expr, at ast.Node) *Wait {
	sel, ok := ast.Unparen(ch).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" {
		return nil
	}
	kind, ok := timeChanKind(f.info.TypeOf(sel.X))
	if !ok {
		return nil
	}
	w := &Wait{Kind: kind, At: at}
	if v := code.Root(f.info, sel.X, code.ThroughIndex); v != nil {
		w.Call = f.durationSetter(v)
		if w.Call != nil && len(w.Call.Args) > 0 {
			w.Duration = w.Call.Args[0]
		}
	}
	return w
}

func timeChanKind(t types.Type) (WaitKind, bool) {
	p, ok := t.(*types.Pointer)
	if !ok {
		return 0, false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "time" {
		return 0, false
	}
	switch n.Obj().Name() {
	case "Timer":
		return WaitTimer, true
	case "Ticker":
		return WaitTicker, true
	}
	return 0, false
}

// durationSetter returns the last call in the function that sets the duration of
// a timer or ticker variable: t.Reset(d), time.NewTimer(d), time.NewTicker(d).
func (f *flow) durationSetter(v types.Object) *ast.CallExpr {
	var last *ast.CallExpr
	walkBody(f.info, f.fn.body, []ast.Node{(*ast.CallExpr)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			if as, ok := n.(*ast.AssignStmt); ok {
				for i, lhs := range as.Lhs {
					if lhsObj(f.info, lhs) == v {
						if c := rhsCall(as, i); c != nil && isTimeCtor(f.info, c) {
							last = c
						} else if c != nil {
							if made := f.closureTimer(c); made != nil {
								last = made // wait_closure.go
							}
						}
					}
				}
			}
			return true
		}
		if fn := code.Callee(f.info, call); fn != nil && fn.Name() == "Reset" && isTimePkg(fn) {
			if s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && code.Root(f.info, s.X, code.ThroughIndex) == v {
				last = call
			}
		}
		return true
	})
	return last
}

// isTimeCtor reports whether a call makes a timer or a ticker.
func isTimeCtor(info *types.Info, c *ast.CallExpr) bool {
	fn := code.Callee(info, c)
	if fn == nil {
		return false
	}
	tw, ok := timeWaits[fn.FullName()]
	return ok && tw.arms && fn.Name() != "Reset"
}

func isTimePkg(fn *types.Func) bool { return fn.Pkg() != nil && fn.Pkg().Path() == "time" }

// waitKinds are the kinds of node waits reads: what waits, and the selects and
// clauses around it.
var waitKinds = []ast.Node{(*ast.SelectStmt)(nil), (*ast.CommClause)(nil), (*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil)}

// clauseStack holds the select clauses around the node a walk is at, innermost
// last, with the select of each. Not code.WalkStack: the walk goes by kind
// (waitKinds), and only the select clauses around a wait matter, kept by
// position, so no path to each node is built.
type clauseStack struct {
	clauses  []*ast.CommClause
	selectOf map[*ast.CommClause]*ast.SelectStmt
}

// enter moves the stack to n, a node of waitKinds in preorder.
func (c *clauseStack) enter(n ast.Node) {
	for len(c.clauses) > 0 && !within(c.clauses[len(c.clauses)-1], n) {
		c.clauses = c.clauses[:len(c.clauses)-1]
	}
	switch n := n.(type) {
	case *ast.SelectStmt:
		if c.selectOf == nil {
			c.selectOf = make(map[*ast.CommClause]*ast.SelectStmt)
		}
		for _, cc := range n.Body.List {
			c.selectOf[cc.(*ast.CommClause)] = n
		}
	case *ast.CommClause:
		c.clauses = append(c.clauses, n)
	}
}

// place records the select a wait belongs to and whether another case of that
// select can end the wait early (ctx.Done() or any other channel), when the
// wait cannot already end early itself (a timer channel's helper). A wait on a
// case of a select with a default is none (nil): that select never blocks, so
// its timer's case is taken only when the timer has already fired.
func (c *clauseStack) place(w *Wait) *Wait {
	if w == nil || len(c.clauses) == 0 {
		return w
	}
	cc := c.clauses[len(c.clauses)-1]
	s := c.selectOf[cc]
	if cc.Comm == nil || !within(cc.Comm, w.At) {
		return w // in a case body, not waiting on the case
	}
	if hasDefault(s) {
		return nil
	}
	w.Select = s
	w.Cancellable = w.Cancellable || otherReceive(s, cc)
	return w
}

func within(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// otherReceive reports whether a select has a receive case other than skip.
func otherReceive(s *ast.SelectStmt, skip *ast.CommClause) bool {
	for _, c := range s.Body.List {
		cc := c.(*ast.CommClause)
		if cc != skip && cc.Comm != nil && isReceive(cc.Comm) {
			return true
		}
	}
	return false
}

// hasDefault reports whether a select has a default clause: it never blocks.
func hasDefault(s *ast.SelectStmt) bool {
	for _, c := range s.Body.List {
		if c.(*ast.CommClause).Comm == nil {
			return true
		}
	}
	return false
}

// receivesOnly reports whether every case of a select receives: no send, no
// default, so it blocks until a channel delivers.
func receivesOnly(s *ast.SelectStmt) bool {
	for _, c := range s.Body.List {
		cc := c.(*ast.CommClause)
		if cc.Comm == nil || !isReceive(cc.Comm) {
			return false
		}
	}
	return true
}

func isReceive(s ast.Stmt) bool {
	ch, _ := receivedChan(s)
	return ch != nil
}

func hasWaitIn(ws []*Wait, s *ast.SelectStmt) bool {
	for _, w := range ws {
		if w.Select == s {
			return true
		}
	}
	return false
}

// betweenAttempts keeps the waits that lie on a way back to the loop's header: a
// sleep just before a successful return does not separate two attempts.
func (f *flow) betweenAttempts(l *loop, ws []*Wait) []*Wait {
	if l.header == nil {
		return ws // recursion: the path to the recursive call decides, not a header
	}
	var out []*Wait
	for _, w := range ws {
		blocks := f.blocksAt(w.At.Pos())
		if len(blocks) == 0 {
			out = append(out, w) // not in the graph (a select's case): keep
			continue
		}
		for b := range blocks {
			if b == l.header || l.reachesHeader(b) {
				out = append(out, w)
				break
			}
		}
	}
	return out
}

// dropTimeoutCases leaves out the waits on a select's case whose body never
// comes back to the loop's header (case <-time.After(limit): return
// errTimeout): when that case fires the loop ends, so its wait is the select's
// timeout, not a pause between two attempts; another case of the select (a
// timer the attempt's case resets, a result) paces them. A select left with no
// wait of its own is then judged like any other (waits' receivesOnly).
func (f *flow) dropTimeoutCases(l *loop, ws []*Wait) []*Wait {
	if l.header == nil {
		return ws // recursion: the path to the recursive call decides, not a header
	}
	out := ws[:0]
	for _, w := range ws {
		if body := f.caseBody(w); body == nil || l.reachesHeader(body) {
			out = append(out, w)
		}
	}
	return out
}

// caseBody returns the first block of the body of the select case a wait
// waits on, or nil when it waits on no case.
func (f *flow) caseBody(w *Wait) *cfg.Block {
	if w.Select == nil {
		return nil
	}
	for _, b := range f.g.Blocks {
		if cc, ok := b.Stmt.(*ast.CommClause); ok && b.Kind == cfg.KindSelectCaseBody && cc.Comm != nil && within(cc.Comm, w.At) {
			return b
		}
	}
	return nil
}

// blocksAt returns the blocks with a node that holds pos.
func (f *flow) blocksAt(pos token.Pos) map[*cfg.Block]bool {
	out := make(map[*cfg.Block]bool)
	for _, b := range f.g.Blocks {
		for _, n := range b.Nodes {
			if n.Pos() <= pos && pos < n.End() {
				out[b] = true
			}
		}
	}
	return out
}
