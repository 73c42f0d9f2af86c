package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// failureCounter reads the attempt limit of an endless loop that counts its
// failures on the way round: n := 0; for { ...; n++; if n > 5 { return err };
// sleep; continue }. The counter starts at a constant before the loop, is
// incremented once a round (n++ or n += 1) and never otherwise assigned in
// it, and right after the increment (no jump between) an if leaves the loop
// past a constant (n > K, n >= K, K < n, K <= n); every way round passes that
// test. Then the loop goes round with n at start+1 up to the last value the
// test lets through, like for n := start+1; n <= K; n++. The zero counter
// otherwise: a counter reset on some failure, or incremented on a way that
// not every failure takes, bounds nothing.
func (f *flow) failureCounter(l *loop) counter {
	fs, ok := l.stmt.(*ast.ForStmt)
	if !ok || fs.Cond != nil || fs.Init != nil || fs.Post != nil || jumpsIn(fs.Body, token.GOTO) {
		return counter{}
	}
	var found counter
	code.Inspect(fs.Body, func(n ast.Node) bool {
		if found.v != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // an increment there may run more than once a round
		case *ast.BlockStmt:
			found = f.countedList(l, n.List)
		case *ast.CaseClause:
			found = f.countedList(l, n.Body)
		case *ast.CommClause:
			found = f.countedList(l, n.Body)
		}
		return found.v == nil
	})
	return found
}

// countedList finds, in one statement list, an increment of a counter
// followed by the if that leaves past its limit (see failureCounter).
func (f *flow) countedList(l *loop, list []ast.Stmt) counter {
	for i, s := range list {
		v := incremented(f.info, s)
		if v == nil {
			continue
		}
		for j := i + 1; j < len(list); j++ {
			if c := f.limitTest(l, v, list[j]); c.v != nil {
				c.inc = s.Pos()
				return c
			}
			if jumpsIn(list[j], token.CONTINUE, token.GOTO, token.BREAK) {
				break
			}
		}
	}
	return counter{}
}

// limitTest reads if v > K { leave } (or v >= K, K < v, K <= v), tested on
// every way round, as the values v goes round with.
func (f *flow) limitTest(l *loop, v *types.Var, s ast.Stmt) counter {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil {
		return counter{}
	}
	bin, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok {
		return counter{}
	}
	x, y, op := code.Ordered(bin, true)
	k, isConst := code.Int(f.info, y)
	if code.VarOf(f.info, x) != v || !isConst || op != token.GTR && op != token.GEQ {
		return counter{}
	}
	last := k
	if op == token.GEQ {
		last--
	}
	start, ok := f.startBefore(l, v)
	if !ok || start < 0 || last < start+1 || !f.countedOnce(l, v) || f.addressTaken(v) || !f.leavesEveryRound(l, ifs.Cond) {
		return counter{}
	}
	return counter{v: v, first: start + 1, last: last, test: ifs.End()}
}

// leavesEveryRound reports whether every way round the loop passes the test
// cond, whose true side leaves the loop.
func (f *flow) leavesEveryRound(l *loop, cond ast.Expr) bool {
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for _, b := range f.g.Blocks {
		if b.Live && l.holds(b) && condOf(b) == cond && len(b.Succs) == 2 {
			return f.alwaysLeaves(l, b.Succs[0], none) && l.unavoidable(map[*cfg.Block]bool{b: true})
		}
	}
	return false
}

// countedOnce reports whether the loop assigns v once, by v++ or v += 1.
func (f *flow) countedOnce(l *loop, v *types.Var) bool {
	n := 0
	for _, d := range code.DefsOf(f.info, v) {
		if !l.contains(d.Stmt.Pos()) {
			continue
		}
		if d.Op != token.INC && !(d.Op == token.ADD_ASSIGN && isOne(f.info, d.Value)) {
			return false
		}
		n++
	}
	return n == 1
}

// incremented returns the integer variable s increments by one (v++, v += 1).
func incremented(info *types.Info, s ast.Stmt) *types.Var {
	switch s := s.(type) {
	case *ast.IncDecStmt:
		if s.Tok == token.INC {
			return integerVar(info, s.X)
		}
	case *ast.AssignStmt:
		if s.Tok == token.ADD_ASSIGN && len(s.Lhs) == 1 && isOne(info, s.Rhs[0]) {
			return integerVar(info, s.Lhs[0])
		}
	}
	return nil
}

func integerVar(info *types.Info, e ast.Expr) *types.Var {
	if v := code.VarOf(info, e); v != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && !v.IsField() && code.IsInteger(v.Type()) {
		return v
	}
	return nil
}

// jumpsIn reports whether n holds one of the branch statements toks outside
// nested function literals.
func jumpsIn(n ast.Node, toks ...token.Token) bool {
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		if b, ok := m.(*ast.BranchStmt); ok && slices.Contains(toks, b.Tok) {
			found = true
		}
		_, lit := m.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}
