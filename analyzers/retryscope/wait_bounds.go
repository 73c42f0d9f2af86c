package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// bound finds what limits a loop's attempts: a counter in a condition that leaves
// the loop, a range over a finite sequence, a time or context check that leaves it.
func (f *flow) bound(l *loop) Bound {
	var b Bound
	if rs, ok := l.stmt.(*ast.RangeStmt); ok && finiteRange(f.info, rs) {
		b.Counter = rs
		b.MaxAttempts = rangeCount(f.info, rs)
	}
	variant := f.variant(l)
	var stop ast.Expr // a stop signal (wait_stops.go) bounds a loop with no counter
	for _, blk := range f.g.Blocks {
		if !blk.Live || !l.holds(blk) {
			continue
		}
		if blk.Kind == cfg.KindSelectCaseBody {
			f.selectBound(l, blk, &b)
			continue
		}
		cond := condOf(blk)
		if cond == nil || !f.leavesOnOneSide(l, blk) {
			continue
		}
		if b.Owner == nil && f.ownerStop(l, cond) {
			b.Owner = cond
		}
		switch {
		case f.isDeadlineCheck(cond):
			// A later check with a deadline made here bounds the loop even
			// when an earlier one asks the caller's context.
			if b.Deadline == nil || !b.DeadlineLocal && f.localDeadline(cond) {
				b.Deadline = cond
				b.DeadlineLocal = f.localDeadline(cond)
			}
		case b.Deadline == nil && f.helperContext(l, blk, cond) != nil:
			// A verdict helper that answers "stop" once the context it is
			// handed is done (wait_helperctx.go).
			b.Deadline = f.helperContext(l, blk, cond)
			b.DeadlineLocal = f.localDeadline(b.Deadline)
			if errVar, _ := errorTest(ast.Unparen(cond), true); errVar != nil {
				// An error-answering wait helper: see Bound.onlyCallerWaitContext.
				b.waitContext = b.Deadline
			}
		case b.Deadline == nil && f.sleepHelperContext(l, blk, cond) != nil:
			// A wait helper that fails only with its context's error (wait_ctxsleep.go).
			b.Deadline = f.sleepHelperContext(l, blk, cond)
			b.DeadlineLocal, b.waitContext = f.localDeadline(b.Deadline), b.Deadline
		case b.Counter == nil && (f.countsAttempts(l, cond, variant) || f.countsThroughPointer(l, cond)):
			b.Counter = cond
			b.MaxAttempts = f.maxAttempts(cond)
			if n, ok := f.startedCount(l, cond); ok {
				b.MaxAttempts = n
			}
			if n, down := f.countdown(l, cond); down {
				b.MaxAttempts, b.countsDown = n, true
			}
			b.OnceMore = f.flagOnly(l, cond)
		case stop == nil && f.stopSignal(l, cond):
			stop = cond
		}
	}
	if b.Counter == nil {
		b.Counter = stop
	}
	b.failures = f.failureCounter(l)
	return b
}

// leavesOnOneSide reports whether one side of a two-way block always leaves the
// loop.
func (f *flow) leavesOnOneSide(l *loop, blk *cfg.Block) bool {
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for _, s := range blk.Succs {
		if f.alwaysLeaves(l, s, none) {
			return true
		}
	}
	return false
}

// selectBound: a select case that receives from ctx.Done(), a deadline timer or a
// stop channel and leaves the loop bounds the retrying; the first such case
// is the Deadline unless a later one has a deadline made here, the first that
// is an owner's stop signal the Owner.
func (f *flow) selectBound(l *loop, blk *cfg.Block, b *Bound) {
	cc, ok := blk.Stmt.(*ast.CommClause)
	if !ok || cc.Comm == nil || !isReceive(cc.Comm) || b.DeadlineLocal && b.Owner != nil {
		return
	}
	none := func(*cfg.Block) *outcomeCheck { return nil }
	if !f.alwaysLeaves(l, blk, none) {
		return
	}
	if b.Owner == nil && f.ownerStop(l, cc.Comm) {
		b.Owner = cc.Comm
	}
	// As for conditions, a later case with a deadline made here bounds the
	// loop even when an earlier one receives from another channel.
	if b.Deadline == nil || !b.DeadlineLocal {
		if local := f.localDeadline(cc.Comm) || f.timerMadeBefore(l, cc.Comm) || f.stopFedByOwnTimer(cc.Comm); b.Deadline == nil || local {
			b.Deadline, b.DeadlineLocal = cc.Comm, local
		}
	}
}

func finiteRange(info *types.Info, rs *ast.RangeStmt) bool {
	t := info.TypeOf(rs.X)
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map, *types.Basic:
		return true
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Array)
		return ok
	}
	return false
}

func rangeCount(info *types.Info, rs *ast.RangeStmt) int {
	if n, ok := code.Int(info, rs.X); ok {
		return int(n)
	}
	if a, ok := code.Underlying(info, rs.X).(*types.Array); ok {
		return int(a.Len())
	}
	if lit, ok := ast.Unparen(rs.X).(*ast.CompositeLit); ok {
		return len(lit.Elts)
	}
	if elems, ok := listElems(info, rs.X); ok {
		return len(elems) // a local defined once as a list literal (wait_list.go)
	}
	return 0
}

// countsAttempts: the condition compares a number the loop changes (a variable,
// or a field such as s.attempts).
func (f *flow) countsAttempts(l *loop, cond ast.Expr, variant map[types.Object]bool) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := f.info.Uses[n].(*types.Var); ok && (variant[v] && code.IsInteger(v.Type()) || f.isFlag(l, v)) {
				found = true
			}
		case *ast.SelectorExpr:
			if k := fieldKey(f.info, n); k != "" && f.variantFields(l)[k] && code.IsInteger(f.info.TypeOf(n)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// countdown reads a counter the loop only decrements by one, tested as v > N
// or v >= N (N < v, N <= v) with N constant: N is its floor, not a cap. Set
// to a constant K before the loop (retries := 1; again: ... if retries > 0 {
// retries--; goto again }), it allows K-N more rounds (K-N+1 for >=); set
// otherwise, it shows no cap (n is 0). down reports whether cond tests such
// a counter at all, alone or as a term of &&.
func (f *flow) countdown(l *loop, cond ast.Expr) (n int, down bool) {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	if bin.Op == token.LAND { // going round needs every term: the first countdown caps it
		if n, down = f.countdown(l, bin.X); !down {
			n, down = f.countdown(l, bin.Y)
		}
		return n, down
	}
	x, y, op := code.Ordered(bin, true)
	v := code.VarOf(f.info, x)
	floor, constant := code.Int(f.info, y)
	if v == nil || op != token.GTR && op != token.GEQ || !f.decrementedOnly(l, v) {
		return 0, false
	}
	start, ok := f.startBefore(l, v)
	if !ok || !constant || start > 1<<20 || floor < -1<<20 {
		return 0, true
	}
	more := start - floor
	if op == token.GEQ {
		more++
	}
	return int(max(more, 0)) + 1, true
}

// decrementedOnly reports whether every assignment of v in the loop (a for
// statement's init aside) is v-- or v -= 1, and there is one.
func (f *flow) decrementedOnly(l *loop, v *types.Var) bool {
	init := forInit(l.stmt)
	seen := false
	for _, d := range code.DefsOf(f.info, v) {
		if !l.contains(d.Stmt.Pos()) || init != nil && d.Stmt == init {
			continue
		}
		if d.Op != token.DEC && !(d.Op == token.SUB_ASSIGN && isOne(f.info, d.Value)) {
			return false
		}
		seen = true
	}
	return seen
}

// startBefore returns the constant v is given before the loop (or in a for
// statement's init) when that is its only other assignment.
func (f *flow) startBefore(l *loop, v *types.Var) (int64, bool) {
	init := forInit(l.stmt)
	var start ast.Expr
	for _, d := range code.DefsOf(f.info, v) {
		if l.contains(d.Stmt.Pos()) && (init == nil || d.Stmt != init) {
			continue
		}
		if start != nil || d.Value == nil || d.Stmt.Pos() >= l.end {
			return 0, false
		}
		start = d.Value
	}
	if start == nil {
		return 0, false
	}
	return code.Int(f.info, start)
}

func isOne(info *types.Info, e ast.Expr) bool {
	n, ok := code.Int(info, e)
	return ok && n == 1
}

func forInit(s ast.Stmt) ast.Stmt {
	if fs, ok := s.(*ast.ForStmt); ok {
		return fs.Init
	}
	return nil
}

// maxAttempts reads the cap of `i < N`, `i <= N`, `i >= N`, `i > N` when N is
// constant (off by one is tolerated: the message only quotes it).
func (f *flow) maxAttempts(cond ast.Expr) int {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return 0
	}
	n, ok := code.Int(f.info, bin.Y)
	if !ok {
		if n, ok = code.Int(f.info, bin.X); !ok {
			return 0
		}
	}
	return attemptsPast(bin.Op, n)
}

// attemptsPast returns the attempts a counter compared with n by op makes
// (n + 1 for <= and >), or 0 for an op that counts nothing.
func attemptsPast(op token.Token, n int64) int {
	switch op {
	case token.LEQ, token.GTR:
		return int(n) + 1
	case token.LSS, token.GEQ, token.EQL:
		return int(n)
	}
	return 0
}

// isDeadlineCheck: the condition asks the clock or a context whether time is
// up, directly or through a local variable that holds the answer (elapsed :=
// time.Since(start); if elapsed > limit).
func (f *flow) isDeadlineCheck(cond ast.Expr) bool {
	found := false
	negated := negatedCalls(cond)
	code.Inspect(cond, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if !negated[n] && f.clockGate(n) {
				found = true
			} else if fn := code.Callee(f.info, n); fn != nil {
				switch fn.FullName() {
				case "time.Since", "time.Until", "time.Now", "(time.Time).After", "(time.Time).Before",
					"(context.Context).Err", "(context.Context).Done":
					found = true
				}
			}
		case *ast.Ident:
			if v, ok := f.info.Uses[n].(*types.Var); ok && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && !v.IsField() {
				found = f.holdsTimeUp(v, false)
			}
		}
		return !found
	})
	return found
}

// holdsTimeUp reports whether every value assigned to a local variable is the
// clock's or a context's answer to "how long" or "is time up": a time.Since,
// time.Until, Time.Sub, Time.After, Time.Before or ctx.Err() call (a
// timestamp from time.Now is no such answer: it is compared later, or not).
// clockOnly leaves out ctx.Err(), whose answer depends on the context.
func (f *flow) holdsTimeUp(v *types.Var, clockOnly bool) bool {
	vals := code.Values(f.info, v, nil)
	for _, val := range vals {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := code.Callee(f.info, call)
		if fn == nil {
			return false
		}
		switch fn.FullName() {
		case "time.Since", "time.Until", "(time.Time).Sub", "(time.Time).After", "(time.Time).Before":
		case "(context.Context).Err":
			if clockOnly {
				return false
			}
		default:
			return false
		}
	}
	return len(vals) > 0
}

// localDeadline reports whether the context a check reads got a deadline in the
// function (or an enclosing one), as LocalDeadline defines it (wait_deadline.go).
// A time check against the clock counts too.
func (f *flow) localDeadline(n ast.Node) bool {
	local := false
	var negated map[*ast.CallExpr]bool
	if e, ok := n.(ast.Expr); ok {
		negated = negatedCalls(e)
	}
	code.Inspect(n, func(m ast.Node) bool {
		if local {
			return false
		}
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := f.info.Uses[id].(*types.Var); ok && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && !v.IsField() {
				local = f.holdsTimeUp(v, true) || f.errOfTimedContext(v)
			}
			return !local
		}
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return !local
		}
		if !negated[call] && f.clockGate(call) {
			local = true
			return false
		}
		fn := code.Callee(f.info, call)
		if fn == nil {
			return true
		}
		switch fn.FullName() {
		case "time.Since", "time.Until", "time.Now", "(time.Time).After", "(time.Time).Before", "time.After":
			local = true
		case "(context.Context).Err", "(context.Context).Done":
			local = f.asksTimedContext(call)
		}
		return !local
	})
	return local
}

// isFlag reports whether v is a boolean declared before the loop and set inside
// it (repaired = true): tested where the loop ends, it allows one more attempt.
func (f *flow) isFlag(l *loop, v *types.Var) bool {
	b, ok := v.Type().Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Bool || l.contains(v.Pos()) {
		return false
	}
	_, assigned := f.assignsIn(l)[v]
	return assigned
}

// flagOnly reports whether the only loop-changed value cond reads is a flag
// (see isFlag), no counted number.
func (f *flow) flagOnly(l *loop, cond ast.Expr) bool {
	flag, count := false, false
	code.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := f.info.Uses[n].(*types.Var); ok {
				flag = flag || f.isFlag(l, v)
				count = count || (f.variant(l)[v] && code.IsInteger(v.Type()))
			}
		case *ast.SelectorExpr:
			count = count || (fieldKey(f.info, n) != "" && f.variantFields(l)[fieldKey(f.info, n)])
		}
		return true
	})
	return flag && !count
}

// AttemptsAtMost returns a ceiling on a region's attempts: Bound.MaxAttempts
// when the cap is a constant, else, for a loop whose counter condition
// compares with a value that has a ceiling in the code (code.AtMost: a local
// set only to constants, a field the package sets only to constants), that
// ceiling read as maxAttempts reads a constant; or the rounds a counting
// verdict method lets a loop make (verdict_count.go). False when the code
// shows none.
func (res *Result) AttemptsAtMost(r *Region) (int, bool) {
	n, ok := res.counterAttempts(r)
	if p, byPolicy := res.policyRounds(r); byPolicy && (!ok || p < n) {
		return p, true // a counting verdict method (verdict_count.go)
	}
	return n, ok
}

func (res *Result) counterAttempts(r *Region) (int, bool) {
	if r.Bound.Counter == nil {
		return 0, false
	}
	if r.Bound.MaxAttempts > 0 {
		return r.Bound.MaxAttempts, true
	}
	if r.Bound.countsDown {
		return 0, false // the compared value is a floor (countdown)
	}
	if rs, isRange := r.Bound.Counter.(*ast.RangeStmt); isRange && r.Kind == LoopRegion && res.info != nil {
		return res.rangeAttempts(r, rs) // for i := range tries (wait_paramcount.go)
	}
	bin, ok := r.Bound.Counter.(*ast.BinaryExpr)
	if !ok || r.Kind != LoopRegion || res.info == nil {
		return 0, false
	}
	v, ok := code.AtMost(res.info, bin.Y)
	counted := bin.X
	if !ok {
		v, ok = res.callerCeiling(r, bin.Y) // wait_paramcount.go
	}
	if !ok {
		if v, ok = code.AtMost(res.info, bin.X); !ok {
			return 0, false
		}
		counted = bin.Y
	}
	if _, isCall := ast.Unparen(counted).(*ast.CallExpr); isCall {
		return 0, false // a policy's answer (q.Len() > 0), no count the loop keeps
	}
	i := constant.ToInt(v)
	if i.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(i)
	if !exact || n < 0 || n > 1<<30 {
		return 0, false
	}
	switch bin.Op {
	case token.LEQ, token.GTR:
		return int(n) + 1, true
	case token.LSS, token.GEQ, token.EQL:
		return max(int(n), 1), true
	}
	return 0, false
}
