package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// WaitTotalAtMost returns a ceiling on the time a loop region spends waiting
// over all its attempts. A wait's ceiling is read from constants, the loop's
// counter, conversions, sums, products and shifts of values known not to be
// negative, differences with a constant (base << (attempt-1)), min, and what code.AtMost reads (a local set only to constants).
// When the loop counts its rounds (for i := c; i < N; i++ with c and N
// constant, the counter changed only by the post statement, or an endless
// loop that counts its failures, n++; if n > 5 { return err }: see
// failureCounter), the total is
// summed round by round, each wait at that round's counter, and a wait under
// an if that tests the counter (if i < N { sleep }) counts only in the rounds
// the test lets through: for a := 1; a <= 3; a++ waiting a seconds when a < 3
// waits 1 s + 2 s. A loop that ranges over a list of waits (for _, d :=
// range []time.Duration{...}) waits its elements, one a round (listTotal),
// and delays[i] of such a list at most its largest element (wait_list.go).
// Otherwise it is the attempt ceiling (AttemptsAtMost) times
// the sum of the waits' ceilings. False when any wait, or the attempt count,
// has no ceiling the code shows: a wait handed in, a helper's, a growth with
// no cap.
func (res *Result) WaitTotalAtMost(r *Region) (time.Duration, bool) {
	return res.waitTotal(r, false)
}

// WaitBetweenAtMost is WaitTotalAtMost without the waits that precede no
// attempt: in the last round of a counted loop, a wait after every attempt
// of the body only delays giving up. Three tries waiting 1 s, 2 s and 3 s
// spread their calls over 3 s, which is what a failing dependency sees; the
// time a cancellation is held (sleepnoctx) still counts all 6 s.
func (res *Result) WaitBetweenAtMost(r *Region) (time.Duration, bool) {
	return res.waitTotal(r, true)
}

func (res *Result) waitTotal(r *Region, between bool) (time.Duration, bool) {
	if r.Kind != LoopRegion || res.info == nil || len(r.Waits) == 0 {
		return 0, false
	}
	n, ok := res.AttemptsAtMost(r)
	if !ok || n > 1<<20 {
		return 0, false
	}
	var waits []*Wait
	for _, w := range r.Waits {
		if cancels(res.info, w.Call) || attemptWaits(r, w) || w.Getter {
			continue // cancel() of a context.WithTimeout takes no time; an attempt or a getter is no pause
		}
		if w.Duration == nil || w.Policy || w.Library != nil {
			return 0, false
		}
		waits = append(waits, w)
	}
	c := res.roundCounter(r)
	if c.v != nil && c.last-c.first < maxRounds && !inInnerLoop(r.Loop, waits) {
		return res.totalByRound(loopBody(r.Loop), c, waits, res.trailing(r, c, waits, between))
	}
	if total, ok := res.listTotal(r, waits); ok {
		return total, true // for _, d := range []time.Duration{...}: one element a round
	}
	t := totalReader{info: res.info, res: res, counters: c.ceilings()}
	var sum float64
	for _, w := range waits {
		b, ok := t.ceiling(w.Duration, 0)
		if !ok {
			return 0, false
		}
		sum += max(b.value, 0)
	}
	return duration(sum * float64(n))
}

// RoundsAtMost returns a ceiling on the rounds of a loop region: the values
// its counter runs through (for i := 1; i <= 5; i++ goes round 5 times, and
// so does n := 0; for { ...; n++; if n > 5 { return err }; sleep }), else
// AttemptsAtMost.
func (res *Result) RoundsAtMost(r *Region) (int, bool) {
	if r.Kind == LoopRegion && res.info != nil {
		if c := res.roundCounter(r); c.v != nil {
			return int(c.last - c.first + 1), true
		}
	}
	return res.AttemptsAtMost(r)
}

// maxRounds bounds the rounds summed one by one.
const maxRounds = 1 << 12

func (res *Result) totalByRound(body ast.Node, c counter, waits []*Wait, trailing map[*Wait]bool) (time.Duration, bool) {
	var sum float64
	for _, w := range waits {
		first, last := c.valuesAt(w.At.Pos())
		last = min(last, guardLast(res.info, body, c.v, w.At.Pos()))
		if trailing[w] {
			last = min(last, c.last-1) // the last round's: no attempt follows
		}
		for i := first; i <= last; i++ {
			t := totalReader{info: res.info, res: res, counters: map[types.Object]float64{c.v: float64(i)}}
			b, ok := t.ceiling(w.Duration, 0)
			if !ok {
				return 0, false
			}
			sum += max(b.value, 0)
		}
	}
	return duration(sum)
}

// trailing returns the waits that follow every attempt of a loop counted
// by its for or range statement, when between asks for them: in the round
// the counter ends, nothing is tried after them.
func (res *Result) trailing(r *Region, c counter, waits []*Wait, between bool) map[*Wait]bool {
	if !between || c.inc.IsValid() || len(r.Attempts) == 0 {
		return nil
	}
	lastAttempt := token.NoPos
	for _, a := range r.Attempts {
		lastAttempt = max(lastAttempt, a.End())
	}
	out := make(map[*Wait]bool)
	for _, w := range waits {
		out[w] = w.At.Pos() > lastAttempt
	}
	return out
}

func duration(total float64) (time.Duration, bool) {
	if total > float64(1<<62) {
		return 0, false
	}
	return time.Duration(total), true
}

// guardLast returns the last value of the loop counter v for which the code
// at pos runs, as the ifs around it tell: under if v < K (or v <= K, K > v,
// K >= v, alone or as a term of &&) it runs only while v stays below K.
func guardLast(info *types.Info, body ast.Node, v types.Object, pos token.Pos) int64 {
	last := int64(math.MaxInt64)
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || pos < ifs.Body.Pos() || pos >= ifs.Body.End() {
			return n == nil || n.Pos() <= pos && pos < n.End()
		}
		for _, part := range conjuncts(ifs.Cond, true) {
			if k, ok := counterBelow(info, part.cond, v); ok && part.holds {
				last = min(last, k)
			}
		}
		return true
	})
	return last
}

// counterBelow reads v < K, v <= K, K > v or K >= v with K constant, and
// returns the last value of v the test lets through.
func counterBelow(info *types.Info, e ast.Expr, v types.Object) (int64, bool) {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	x, y, op := code.Ordered(b, false)
	k, isConst := code.Int(info, y)
	if !isConst || lhsObj(info, x) != v {
		return 0, false
	}
	switch op {
	case token.LSS:
		return k - 1, true
	case token.LEQ:
		return k, true
	}
	return 0, false
}

// inInnerLoop reports whether a wait lies in a loop nested in loop: it may
// run more than once a round.
func inInnerLoop(loop ast.Stmt, waits []*Wait) bool {
	inner := false
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n != loop {
				for _, w := range waits {
					inner = inner || n.Pos() <= w.At.Pos() && w.At.Pos() < n.End()
				}
				return false
			}
		case *ast.FuncLit:
			return false
		}
		return !inner
	})
	return inner
}

// bound is a ceiling on a number, and whether the number is known not to be
// negative (a product of two such is bounded by the product of the ceilings).
type bound struct {
	value  float64
	nonNeg bool
}

type totalReader struct {
	info     *types.Info
	res      *Result
	counters map[types.Object]float64
}

func (t totalReader) ceiling(e ast.Expr, depth int) (bound, bool) {
	if depth > 8 || e == nil {
		return bound{}, false
	}
	if tv, ok := t.info.Types[e]; ok && tv.Value != nil {
		f, ok := floatOf(tv.Value)
		return bound{f, f >= 0}, ok
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := t.info.Uses[x].(*types.Var); ok {
			if c, isCounter := t.counters[v]; isCounter {
				return bound{c, true}, true
			}
			// wait := time.Duration(100*i) * time.Millisecond; time.Sleep(wait)
			if val, once := code.DefinedOnce(t.info, v); once {
				return t.ceiling(val, depth+1)
			}
		}
	case *ast.CallExpr:
		if operand, ok := code.SignedOperand(t.info, x); ok {
			return t.ceiling(operand, depth+1)
		}
		if b, ok := t.roundCall(x, depth); ok {
			return b, true // a round function's value (wait_roundfunc.go)
		}
	case *ast.BinaryExpr:
		if b, ok := t.arith(x, depth); ok {
			return b, true
		}
	case *ast.IndexExpr:
		if b, ok := t.elemCeiling(x.X, depth); ok {
			return b, true // delays[i] of a list of waits (wait_list.go)
		}
	}
	v, ok := code.AtMost(t.info, e)
	if !ok {
		return bound{}, false
	}
	f, ok := floatOf(v)
	return bound{f, code.NotNegative(t.info, e)}, ok
}

func (t totalReader) arith(x *ast.BinaryExpr, depth int) (bound, bool) {
	a, aok := t.ceiling(x.X, depth+1)
	b, bok := t.ceiling(x.Y, depth+1)
	if !aok || !bok {
		return bound{}, false
	}
	switch x.Op {
	case token.ADD:
		return bound{a.value + b.value, a.nonNeg && b.nonNeg}, true
	case token.MUL:
		if a.nonNeg && b.nonNeg {
			return bound{a.value * b.value, true}, true
		}
	case token.SUB:
		// attempt-1 of base << (attempt-1): less a constant, the ceiling less it
		if tv, ok := t.info.Types[x.Y]; ok && tv.Value != nil {
			return bound{a.value - b.value, a.nonNeg && b.value <= 0}, true
		}
	case token.SHL:
		if a.nonNeg && b.value < 63 {
			return bound{a.value * float64(uint64(1)<<uint(max(b.value, 0))), true}, true
		}
	}
	return bound{}, false
}

func floatOf(v constant.Value) (float64, bool) {
	f := constant.ToFloat(v)
	if f.Kind() != constant.Float && f.Kind() != constant.Int {
		return 0, false
	}
	x, _ := constant.Float64Val(f)
	return x, true
}

// counter is the counter of a for statement and the values it takes in the
// body, first to last. For a counter incremented in the body (failureCounter)
// they are its values in the rounds that go round, after the increment at
// inc and the limit test that ends at test: before inc it is one less, and
// between inc and test it reaches last+1 in the round that leaves.
type counter struct {
	v           types.Object
	first, last int64
	inc, test   token.Pos
}

// valuesAt returns the values the counter has at pos over the rounds.
func (c counter) valuesAt(pos token.Pos) (first, last int64) {
	switch {
	case !c.inc.IsValid() || pos >= c.test:
		return c.first, c.last
	case pos < c.inc:
		return c.first - 1, c.last
	}
	return c.first, c.last + 1
}

func (c counter) ceilings() map[types.Object]float64 {
	out := make(map[types.Object]float64)
	if c.v != nil {
		_, last := c.valuesAt(c.inc) // at inc: the highest values, up to the test
		out[c.v] = float64(last)
	}
	return out
}

// roundCounter returns a loop region's counter: its for statement's, or the
// failures it counts (failureCounter).
func (res *Result) roundCounter(r *Region) counter {
	if c := loopCounter(res.info, r.Loop); c.v != nil {
		return c
	}
	if c := limitedCounter(res.info, r.Loop, res.callerLimit(r)); c.v != nil {
		return c // wait_paramcount.go
	}
	return r.Bound.failures
}

// loopCounter returns the counter of a for statement: for i := c; i < N; i++
// (or i <= N, i += 1) with c >= 0 and N constant, or for i := range N (0 to
// N-1), when nothing else in the loop assigns i; the zero counter otherwise.
func loopCounter(info *types.Info, s ast.Stmt) counter {
	return limitedCounter(info, s, func(e ast.Expr) (int64, bool) { return code.Int(info, e) })
}

// limitedCounter is loopCounter of a for or range statement whose limit N
// is read by limit.
func limitedCounter(info *types.Info, s ast.Stmt, limit func(ast.Expr) (int64, bool)) counter {
	if rs, ok := s.(*ast.RangeStmt); ok {
		return rangeCounter(info, rs, limit)
	}
	return limitedLoopCounter(info, s, limit)
}

// limitedLoopCounter is loopCounter of a for statement whose limit N is
// read by limit.
func limitedLoopCounter(info *types.Info, s ast.Stmt, limit func(ast.Expr) (int64, bool)) counter {
	fs, ok := s.(*ast.ForStmt)
	if !ok || fs.Cond == nil || fs.Post == nil || fs.Init == nil {
		return counter{}
	}
	cond, ok := ast.Unparen(fs.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.LSS && cond.Op != token.LEQ {
		return counter{}
	}
	id, ok := ast.Unparen(cond.X).(*ast.Ident)
	if !ok {
		return counter{}
	}
	v := info.Uses[id]
	last, ok := limit(cond.Y)
	first, starts := startValue(info, fs.Init, v)
	if v == nil || !ok || !countsUp(info, fs.Post, v) || !starts {
		return counter{}
	}
	if code.AssignedIn(info, fs.Body, v) {
		return counter{}
	}
	if cond.Op == token.LSS {
		last--
	}
	if last < first {
		return counter{}
	}
	return counter{v: v, first: first, last: last}
}

// rangeCounter returns the key of for i := range N, N a positive integer
// read by limit, when the body does not assign it.
func rangeCounter(info *types.Info, rs *ast.RangeStmt, limit func(ast.Expr) (int64, bool)) counter {
	id, ok := rs.Key.(*ast.Ident)
	if !ok || rs.Value != nil || rs.Tok != token.DEFINE || !code.IsInteger(info.TypeOf(rs.X)) {
		return counter{}
	}
	n, ok := limit(rs.X)
	v := info.Defs[id]
	if !ok || n < 1 || v == nil || code.AssignedIn(info, rs.Body, v) {
		return counter{}
	}
	return counter{v: v, first: 0, last: n - 1}
}

func countsUp(info *types.Info, post ast.Stmt, v types.Object) bool {
	switch p := post.(type) {
	case *ast.IncDecStmt:
		return p.Tok == token.INC && lhsObj(info, p.X) == v
	case *ast.AssignStmt:
		n, ok := code.Int(info, p.Rhs[0])
		return p.Tok == token.ADD_ASSIGN && len(p.Lhs) == 1 && lhsObj(info, p.Lhs[0]) == v && ok && n == 1
	}
	return false
}

// startValue returns the value the loop's init gives v when it is a
// constant not below 0.
func startValue(info *types.Info, init ast.Stmt, v types.Object) (int64, bool) {
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || lhsObj(info, as.Lhs[0]) != v {
		return 0, false
	}
	n, ok := code.Int(info, as.Rhs[0])
	return n, ok && n >= 0
}

// attemptWaits reports whether a waiting call is one of the region's attempts:
// the time it spends (a stop that waits for the process to exit) is the
// attempt's, not a pause between attempts.
func attemptWaits(r *Region, w *Wait) bool {
	return w.Kind == WaitOther && w.Call != nil && slices.Contains(r.Attempts, w.Call)
}

// cancels reports whether call calls a context's cancel function
// (context.CancelFunc, context.CancelCauseFunc), which returns at once.
func cancels(info *types.Info, call *ast.CallExpr) bool {
	if call == nil {
		return false
	}
	named, ok := info.TypeOf(call.Fun).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" &&
		(named.Obj().Name() == "CancelFunc" || named.Obj().Name() == "CancelCauseFunc")
}

// FewQuickTries reports whether a region is a few quick tries: at most
// fewTries attempts waiting at most quickTotal over them all (TriesOf), e.g.
// 5 tries 1 s apart, or 3 tries waiting 1 s then 2 s. Clients that fail
// together and give up within a few seconds add at most a handful of calls
// each; a steadier, growing, randomized or cancellable pace would change a
// few seconds of one operation, not what a failing dependency sees. A limit
// or a wait the code leaves open (a parameter, a field, a helper's) is no
// few quick tries.
func (res *Result) FewQuickTries(r *Region) bool { return res.TriesOf(r).Quick() }

// BriefTries reports whether a region is a few quick tries that are over
// within briefTotal of waiting (client-go's retry.DefaultBackoff: 4 attempts,
// about 0.3 s): a permanent error costs at most four more calls and surfaces
// in under a second, so telling it apart would save nobody anything. An
// attempt that retries on its own (Region.Inner) past such tries, or by a
// count or wait the code leaves open, makes each try slow: no brief tries.
func (res *Result) BriefTries(r *Region) bool {
	for _, in := range r.Inner {
		if !in.Tries.Brief() {
			return false
		}
	}
	return res.TriesOf(r).Brief()
}

const (
	fewTries   = 5
	quickTotal = 5 * time.Second
	briefTotal = time.Second
)
