package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// WaitTotalAtMost returns a ceiling on the time a loop region spends waiting
// over all its attempts: its attempt ceiling (AttemptsAtMost) times the sum
// of the ceilings of its timed waits. A wait's ceiling is read from
// constants, the loop's counter (for i := c; i < N; i++ with N constant, the
// counter changed only by the post statement: at most N-1 in the body),
// conversions, sums, products and shifts of values known not to be
// negative, min, and what code.AtMost reads (a local set only to
// constants). False when any wait, or the attempt count, has no ceiling the
// code shows: a wait handed in, a helper's, a growth with no cap.
func (res *Result) WaitTotalAtMost(r *Region) (time.Duration, bool) {
	if r.Kind != LoopRegion || res.info == nil || len(r.Waits) == 0 {
		return 0, false
	}
	n, ok := res.AttemptsAtMost(r)
	if !ok || n > 1<<20 {
		return 0, false
	}
	t := totalReader{info: res.info, counters: loopCounters(res.info, r.Loop)}
	var sum float64
	for _, w := range r.Waits {
		if cancels(res.info, w.Call) {
			continue // cancel() of a context.WithTimeout: it takes no time
		}
		if w.Duration == nil || w.Policy || w.Library != nil {
			return 0, false
		}
		c, ok := t.ceiling(w.Duration, 0)
		if !ok {
			return 0, false
		}
		sum += max(c.value, 0)
	}
	total := sum * float64(n)
	if total > float64(1<<62) {
		return 0, false
	}
	return time.Duration(total), true
}

// bound is a ceiling on a number, and whether the number is known not to be
// negative (a product of two such is bounded by the product of the ceilings).
type bound struct {
	value  float64
	nonNeg bool
}

type totalReader struct {
	info     *types.Info
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
		}
	case *ast.CallExpr:
		if tv, ok := t.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			if b, isBasic := tv.Type.Underlying().(*types.Basic); isBasic && b.Info()&types.IsUnsigned == 0 && b.Info()&types.IsNumeric != 0 {
				return t.ceiling(x.Args[0], depth+1)
			}
		}
	case *ast.BinaryExpr:
		if b, ok := t.arith(x, depth); ok {
			return b, true
		}
	}
	v, ok := code.AtMost(t.info, e)
	if !ok {
		return bound{}, false
	}
	f, ok := floatOf(v)
	return bound{f, false}, ok
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

// loopCounters returns the counter of a for statement with its ceiling in
// the body: for i := c; i < N; i++ (or i <= N, i += 1) with c >= 0 and N
// constant, when nothing else in the loop assigns i.
func loopCounters(info *types.Info, s ast.Stmt) map[types.Object]float64 {
	out := make(map[types.Object]float64)
	fs, ok := s.(*ast.ForStmt)
	if !ok || fs.Cond == nil || fs.Post == nil || fs.Init == nil {
		return out
	}
	cond, ok := ast.Unparen(fs.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.LSS && cond.Op != token.LEQ {
		return out
	}
	id, ok := ast.Unparen(cond.X).(*ast.Ident)
	if !ok {
		return out
	}
	v := info.Uses[id]
	limit, ok := code.Int(info, cond.Y)
	if v == nil || !ok || !countsUp(info, fs.Post, v) || !startsNonNeg(info, fs.Init, v) {
		return out
	}
	for _, d := range code.DefsIn(info, fs.Body.Pos(), fs.Body.End()) {
		if d.Var == v {
			return out
		}
	}
	if cond.Op == token.LSS {
		limit--
	}
	out[v] = float64(limit)
	return out
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

func startsNonNeg(info *types.Info, init ast.Stmt, v types.Object) bool {
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || lhsObj(info, as.Lhs[0]) != v {
		return false
	}
	n, ok := code.Int(info, as.Rhs[0])
	return ok && n >= 0
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
