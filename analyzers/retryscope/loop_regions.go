package retryscope

import (
	"go/ast"
	"go/types"
	"iter"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// findRegions fills res.Regions with hand-written retry loops, recursive retries
// and retry callbacks, and exports the RetryWrapper and Retries facts.
func findRegions(pass *analysis.Pass, res *Result) {
	for _, fn := range res.funcs.list {
		if fn.body == nil {
			continue
		}
		hasLoop, calls := fn.hasLoop, fn.recursive
		if !hasLoop && !calls {
			continue
		}
		f := newFlow(pass, res, fn)
		if hasLoop {
			for _, l := range f.loops() {
				f.findVerdictMethods(l)
				if res.asksPerson(pass, l.stmt) {
					continue // a person answers before each round: loop_asksperson.go
				}
				r := f.loopRegion(l)
				if r != nil && !r.Restart {
					res.Regions = append(res.Regions, r)
				} else if s := f.stopSkipRegion(l, r); s != nil {
					res.StopSkips = append(res.StopSkips, s) // loop_stopskip.go
				} else if p := f.pollErrorRegion(l); p != nil {
					res.PollErrors = append(res.PollErrors, p) // poll_errors.go
				} else if w := f.verdictWrapper(l); w != nil && res.verdicts[fn.obj] == nil {
					if res.verdicts == nil {
						res.verdicts = make(map[*types.Func]*RetryWrapper)
					}
					res.verdicts[fn.obj] = w
				} else if r != nil {
					res.Restarts = append(res.Restarts, r)
				} else if cw := f.classWaitRegion(l); cw != nil {
					res.ClassWaits = append(res.ClassWaits, cw) // poll_classwait.go
				}
				if r == nil {
					if a := f.absencePollRegion(l); a != nil {
						res.AbsencePolls = append(res.AbsencePolls, a) // poll_absence.go
					}
				}
				f.findSpins(l, r)     // poll_spin.go
				f.findUnitlessCaps(l) // wait_unitless.go
			}
		}
		if calls {
			res.Regions = append(res.Regions, f.recursiveRegions()...)
		}
	}
	findCallbacks(pass, res)
	sort.SliceStable(res.Regions, func(i, j int) bool { return res.Regions[i].Pos < res.Regions[j].Pos })
	for _, r := range res.Regions {
		r.Bound.DeadlineLocal = res.localDeadline(r)
	}
	for _, r := range slices.Concat(res.PollErrors, res.AbsencePolls, res.ClassWaits) {
		r.Bound.DeadlineLocal = res.localDeadline(r)
	}
}

// loopRegion decides whether a loop is a retry: some attempt's failure gets back to
// the header and its success always leaves the loop, and the attempt does not
// take a value drawn anew on each iteration (a search or a drain: loop_fresh.go).
func (f *flow) loopRegion(l *loop) *Region {
	checks := f.outcomeChecks(l)
	var retrying, restarting []*outcomeCheck
	for _, c := range checks {
		if !f.goesRoundOnFailure(l, checks, c) || f.pollsAbsence(l, c) || f.noRetry(l, c) {
			continue
		}
		if f.supervises(l, c) {
			restarting = append(restarting, c)
		} else {
			retrying = append(retrying, c)
		}
	}
	if len(retrying) == 0 {
		return f.restartRegion(l, restarting)
	}
	if f.awaitsPath(l, retrying) {
		return nil
	}
	r := &Region{Kind: LoopRegion, Pos: l.stmt.Pos(), Loop: l.stmt, Body: loopBody(l.stmt), Func: f.fn.node}
	for _, c := range retrying {
		r.Attempts = appendNew(r.Attempts, c.attempts...)
		r.ErrVars = appendNew(r.ErrVars, c.vars...)
	}
	for _, c := range retrying {
		if r.Classification = f.classification(l, c, r.ErrVars); r.Classification != nil {
			break
		}
	}
	if r.Classification == nil {
		r.Classification = f.escalationTest(l, checks) // loop_authescalate.go
	}
	r.ways = &retryWays{f: f, checks: retrying, others: without(checks, retrying), target: func(b *cfg.Block) bool { return b == l.header }, inside: l.holds, vars: r.ErrVars}
	r.Failover = f.changesAttempt(l, checks, retrying) || f.dropsFailed(l, retrying) || f.drainsPool(l, retrying) // loop_pooldrain.go
	r.conflictRestart = f.restartsOnConflict(l, r, retrying) || f.restartsOnCreateRace(l, r, retrying)
	r.stale = f.refreshesOnStale(l, r, retrying) // loop_stalerefresh.go
	r.Context = contextAt(f.pass, l.pos)
	r.Waits = f.waits(l)
	r.Bound = f.bound(l)
	if f.resetsOnFailureKind(l, retrying, r.Bound.Counter, r.ErrVars) {
		r.Bound.Counter, r.Bound.MaxAttempts, r.Bound.OnceMore = nil, 0, false
	}
	if r.Bound.Owner == nil {
		r.Bound.Owner = f.closeStop(l, r.Attempts) // loop_closestop.go
	}
	r.Bound.OwnerContext = f.ownerContextOf(r.Attempts)
	if call := r.ways.policyVerdict(); call != nil {
		r.applyPolicy(f.info, call) // verdict_policy.go
	}
	if r.Bound.Counter == nil {
		if call := f.nextAttemptWays(l, retrying).declaredVerdict(l.stmt); call != nil {
			r.Bound.Counter = call // verdict_declared.go
		}
	}
	if r.Bound.Counter == nil && r.Bound.Deadline == nil {
		if ctx := f.attemptContextBound(l, r, retrying); ctx != nil {
			r.Bound.Deadline = ctx // loop_ctxends.go
		}
	}
	return r
}

// goesRoundOnFailure reports whether c's failure gets back to the header,
// its success always leaves the loop, and every round makes its attempt.
func (f *flow) goesRoundOnFailure(l *loop, checks []*outcomeCheck, c *outcomeCheck) bool {
	same := f.sameAttempt(l, checks, c)
	return l.reachesHeader(c.failure()) && f.alwaysLeaves(l, c.success(), same) && l.unavoidable(f.roundAttempts(l, c.attempts))
}

// noRetry reports whether a loop that goes round on c's failure is something
// other than a retry or a poll for absence: a search, a wait whose running
// out is no failure, a poll for a pending state, a restart, a walk through
// steps, a loop that goes round once, one that reads on (loop_continuation.go),
// a session that reads its next input (loop_session.go), or a receive loop
// that reads past timeouts (loop_timeoutread.go), or a poll whose nil
// answer says "not yet" (poll_nilanswer.go).
func (f *flow) noRetry(l *loop, c *outcomeCheck) bool {
	return f.searches(l, c) || f.pollsUntil(l, c) || f.pollsPending(l, c) || f.restartsInterrupted(l, c) || f.stepsThrough(l, c) || f.goesRoundOnce(l, c) || f.escalatesAuth(l, c) || f.readsOn(l, c) || f.servesNextInput(l, c) || f.readsPastTimeouts(l, c) || f.awaitsEvent(l, c) ||
		f.pollsNilAnswer(l, c)
}

// nextAttemptWays are the ways from a failure through the loop's header to the
// next round's attempt: a verdict asked at the top of the round, on the
// failure the last round kept (if lastErr != nil { if e := bo.Backoff(lastErr);
// e != nil { return e } }), decides as one asked before the header.
func (f *flow) nextAttemptWays(l *loop, retrying []*outcomeCheck) *retryWays {
	var calls []*ast.CallExpr
	for _, c := range retrying {
		calls = append(calls, c.attempts...)
	}
	attempts := f.blocksOf(calls)
	return &retryWays{
		f: f, checks: retrying,
		target: func(b *cfg.Block) bool { return attempts[b] },
		inside: func(b *cfg.Block) bool { return b == l.header || l.holds(b) },
	}
}

func loopBody(s ast.Stmt) ast.Node {
	switch s := s.(type) {
	case *ast.ForStmt:
		return s.Body
	case *ast.RangeStmt:
		return s.Body
	}
	return s
}

// blocksOf returns the blocks that hold the calls.
func (f *flow) blocksOf(calls []*ast.CallExpr) map[*cfg.Block]bool {
	out := make(map[*cfg.Block]bool)
	for _, b := range f.g.Blocks {
		for _, c := range calls {
			if holdsNode(b, c) {
				out[b] = true
			}
		}
	}
	return out
}

// holdsNode reports whether a node of b holds x.
func holdsNode(b *cfg.Block, x ast.Node) bool { return indexHolding(b, x) >= 0 }

// indexHolding returns the index of the node of b that holds x, or -1.
func indexHolding(b *cfg.Block, x ast.Node) int {
	for i, n := range b.Nodes {
		if n.Pos() <= x.Pos() && x.End() <= n.End() {
			return i
		}
	}
	return -1
}

// roundAttempts returns the blocks that make an attempt in a round of l: those
// of the calls, and, when l is a for loop whose condition bounds its rounds
// (for w := base; w < max; w += w/2), the header of a range nested in l that
// makes the attempt for each element unavoidably (for _, u := range replicas
// { if err = get(u); err == nil { return nil } }): the round tries every
// replica, and an empty list is data, not a path of the code that skips the
// attempt. A range of rounds is a failover over failovers, and an endless
// for over one (a start-up wait for any of the seed servers) is claimed for
// no round.
func (f *flow) roundAttempts(l *loop, calls []*ast.CallExpr) map[*cfg.Block]bool {
	blocks := f.blocksOf(calls)
	if fs, ok := l.stmt.(*ast.ForStmt); !ok || fs.Cond == nil {
		return blocks
	}
	for _, m := range f.loops() {
		if _, isRange := m.stmt.(*ast.RangeStmt); isRange && m != l && l.pos <= m.pos && m.end <= l.end && f.eachElementAttempts(m, blocks) {
			blocks[m.header] = true
		}
	}
	return blocks
}

// eachElementAttempts reports whether the rounds of m hold attempt blocks and
// make one unavoidably.
func (f *flow) eachElementAttempts(m *loop, blocks map[*cfg.Block]bool) bool {
	inner := make(map[*cfg.Block]bool)
	for b := range blocks {
		if m.holds(b) {
			inner[b] = true
		}
	}
	return len(inner) > 0 && m.unavoidable(inner)
}

// sameAttempt returns a lookup of the checks that test the same attempt as c: the
// same call or variable, or a later step whose failure also starts the next
// iteration (begin, run, commit: the attempt succeeds when its last step does);
// a redirect test of the attempt is one too (redirectTests).
func (f *flow) sameAttempt(l *loop, all []*outcomeCheck, c *outcomeCheck) func(*cfg.Block) *outcomeCheck {
	all = append(all[:len(all):len(all)], f.redirectTests(l)...)
	return func(b *cfg.Block) *outcomeCheck {
		for _, o := range all {
			if o.block == b && o != c && (overlaps(o, c) || l.reachesHeader(o.failure())) {
				return o
			}
		}
		return nil
	}
}

// overlaps reports whether two checks test the same attempt: a shared call or
// variable, or results of the same call (err and resp of one c.Do).
func overlaps(a, b *outcomeCheck) bool {
	for _, x := range a.attempts {
		for _, y := range b.attempts {
			if x == y {
				return true
			}
		}
	}
	for _, x := range a.vars {
		for _, y := range b.vars {
			if x == y {
				return true
			}
		}
	}
	return false
}

// outcomeChecks finds the conditions in a loop that test an attempt made in it.
func (f *flow) outcomeChecks(l *loop) []*outcomeCheck {
	var out []*outcomeCheck
	for b, cond := range f.conditions(l) {
		if l.endTests[b] {
			continue // an inner drain's end: loop_drainend.go
		}
		tag := f.tags[cond]
		tested, failWhenTrue, ok := outcomeTest(f.info, cond, tag)
		if !ok {
			continue
		}
		c := &outcomeCheck{block: b, failWhenTrue: failWhenTrue}
		for _, t := range tested {
			f.attemptsOf(l, t, c)
		}
		if len(c.attempts) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// redirectTests finds the status tests of a loop's attempts that have a side
// of redirects only (redirectTest), read as checks whose failure side is the
// redirect: they test no outcome (statusPolarity), but for the question
// whether an attempt's success leaves the loop, a redirect ends that attempt
// as a failure does, and what comes after it follows the server.
func (f *flow) redirectTests(l *loop) []*outcomeCheck {
	var out []*outcomeCheck
	for b, cond := range f.conditions(l) {
		resp, onTrue, ok := redirectTest(f.info, cond, f.tags[cond])
		if !ok {
			continue
		}
		c := &outcomeCheck{block: b, failWhenTrue: onTrue}
		f.attemptsOf(l, resp, c)
		if len(c.attempts) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// conditions yields the live blocks of a loop that end in a two-way branch,
// with their condition.
func (f *flow) conditions(l *loop) iter.Seq2[*cfg.Block, ast.Expr] {
	return func(yield func(*cfg.Block, ast.Expr) bool) {
		for _, b := range f.g.Blocks {
			if !b.Live || !l.holds(b) {
				continue
			}
			if cond := condOf(b); cond != nil && !yield(b, cond) {
				return
			}
		}
	}
}

// attemptsOf fills c with the calls made in the loop whose result the tested
// expression holds.
func (f *flow) attemptsOf(l *loop, tested ast.Expr, c *outcomeCheck) {
	if call := fieldCall(f.info, tested); call != nil {
		tested = call
	}
	if call, ok := ast.Unparen(tested).(*ast.CallExpr); ok {
		if l.contains(call.Pos()) && isAttempt(f.info, call, nil) {
			c.attempts = append(c.attempts, call)
		}
		return
	}
	v := code.Root(f.info, tested, code.ThroughIndex)
	if v == nil {
		return
	}
	c.vars = append(c.vars, v)
	calls := f.reachingAttempts(l, c.block, v)
	if t := f.info.TypeOf(tested); t != nil && !isErrorType(t) && !code.IsBoolean(t) {
		calls = slices.DeleteFunc(calls, func(call *ast.CallExpr) bool { return !canFail(f.info, call) })
	}
	c.attempts = appendNew(c.attempts, calls...)
}

// canFail reports whether a call returns an error. A value tested for its
// status that comes from a call that cannot fail (st := lastStatus();
// st.StatusCode < 500) is a state being polled, not the outcome of an attempt;
// an error or a boolean verdict is one.
func canFail(info *types.Info, call *ast.CallExpr) bool {
	tuple, ok := info.TypeOf(call).(*types.Tuple)
	if !ok {
		return isErrorType(info.TypeOf(call))
	}
	for v := range tuple.Variables() {
		if isErrorType(v.Type()) {
			return true
		}
	}
	return false
}

// reachingAttempts returns the attempt calls whose result reaches the check in v:
// walking back from the check, the first assignment of v from an attempt on each
// path. Assignments that only make or wrap an error (fmt.Errorf, wrap(err)) are
// looked through. A later, unrelated call that reuses v (token, err := fetch();
// ...; resp, err := send()) is therefore not the attempt of an earlier check.
func (f *flow) reachingAttempts(l *loop, check *cfg.Block, v types.Object) []*ast.CallExpr {
	var out []*ast.CallExpr
	preds := f.predecessors()
	seen := make(map[*cfg.Block]bool)
	var visit func(b *cfg.Block, upto int)
	visit = func(b *cfg.Block, upto int) {
		for i := upto - 1; i >= 0; i-- {
			if call, ok := f.assignedCall(b.Nodes[i], v); ok && call != nil && isAttempt(f.info, call, v) {
				out = appendNew(out, call)
				return
			}
		}
		for _, p := range preds[b] {
			if !seen[p] && l.holds(p) {
				seen[p] = true
				visit(p, len(p.Nodes))
			}
		}
	}
	visit(check, len(check.Nodes)-1) // the last node is the condition itself
	return out
}

// assignedCall reports whether n assigns v, and the call it assigns from (nil when
// the value is not a call's result). It asks about one node of a control flow
// block, in the order the search meets them (the last assignment before a
// check wins), which the package's def index, without flow order, cannot say.
func (f *flow) assignedCall(n ast.Node, v types.Object) (*ast.CallExpr, bool) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			if lhsObj(f.info, lhs) != v {
				continue
			}
			call := rhsCall(n, i)
			if call == nil && len(n.Rhs) == len(n.Lhs) {
				call = fieldCall(f.info, n.Rhs[i])
			}
			return call, true
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			if f.info.Defs[name] != v {
				continue
			}
			if i < len(n.Values) || len(n.Values) == 1 {
				e := n.Values[min(i, len(n.Values)-1)]
				call, _ := ast.Unparen(e).(*ast.CallExpr)
				return call, true
			}
			return nil, true
		}
	case *ast.DeclStmt:
		if gd, ok := n.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				if call, ok := f.assignedCall(spec, v); ok {
					return call, true
				}
			}
		}
	}
	return nil, false
}

// predecessors maps each block of the function to the blocks that jump to it.
func (f *flow) predecessors() map[*cfg.Block][]*cfg.Block {
	if f.preds == nil {
		f.preds = make(map[*cfg.Block][]*cfg.Block)
		for _, b := range f.g.Blocks {
			for _, s := range b.Succs {
				f.preds[s] = append(f.preds[s], b)
			}
		}
	}
	return f.preds
}

// lhsObj is the variable an assignment's left-hand side names (code.VarOf).
func lhsObj(info *types.Info, e ast.Expr) types.Object {
	if v := code.VarOf(info, e); v != nil {
		return v
	}
	return nil // not a *types.Var(nil) in an interface
}

// fieldCall returns the call whose result's field an expression reads, such as
// db.Create(&x).Error (gorm reports errors in a field of the returned *DB), or nil.
func fieldCall(info *types.Info, e ast.Expr) *ast.CallExpr {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	call, _ := ast.Unparen(sel.X).(*ast.CallExpr)
	return call
}

// rhsCall is the call assigned to the i-th left-hand side, or nil.
func rhsCall(as *ast.AssignStmt, i int) *ast.CallExpr {
	call, _ := ast.Unparen(code.RHS(as.Rhs, len(as.Lhs), i)).(*ast.CallExpr)
	return call
}

// isAttempt reports whether a call is an attempt at some work, rather than making,
// wrapping or unwrapping an error value (errors.New, fmt.Errorf, wrap(err),
// cause.Cause(): chainStep) or reading a context's state.
func isAttempt(info *types.Info, call *ast.CallExpr, v types.Object) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return false // conversion
	}
	if chainStep(info, call) {
		return false
	}
	fn := code.Callee(info, call)
	if fn != nil && fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "fmt":
			return false
		}
		if code.IsErrorsPackage(fn.Pkg().Path()) {
			return false
		}
		if fn.FullName() == "(context.Context).Err" {
			return false
		}
	}
	if v != nil {
		for _, a := range call.Args {
			if mentions(info, a, []types.Object{v}) {
				return false
			}
		}
	}
	return true
}

// appendNew appends the items that list does not hold yet.
func appendNew[T comparable](list []T, items ...T) []T {
	for _, it := range items {
		if !slices.Contains(list, it) {
			list = append(list, it)
		}
	}
	return list
}

// without returns the checks of all that are not in some.
func without(all, some []*outcomeCheck) []*outcomeCheck {
	var out []*outcomeCheck
	for _, c := range all {
		if !slices.Contains(some, c) {
			out = append(out, c)
		}
	}
	return out
}
