package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop may go back to its attempt after a failure only to repair a
// precondition and try once more: `repaired := false; for { err :=
// write(); if err == nil { return nil }; if !repaired { repaired = true; if
// mkdirAll() == nil { continue } }; return err }`. The bool set once is a
// counter capped at one: the second failure finds it set and leaves. Such a
// loop is a two-step attempt (repair, then try again), not a retry: it owes
// no wait, no bound and no classification. A loop that repairs and goes
// round without such a flag goes round on every failure and stays a retry.
// A goto loop's rounds run from its label to its last goto, past the
// labeled statement: its flag is set there (loopScope).

// goesRoundOnce reports whether every way from the failure of c back to the
// header of l passes an assignment that sets a once-flag of l.
func (f *flow) goesRoundOnce(l *loop, c *outcomeCheck) bool {
	sets := f.onceFlagSets(l)
	if len(sets) == 0 {
		return false
	}
	return !searchBlocks([]*cfg.Block{c.failure()}, nil, func(b *cfg.Block) blockStep {
		if sets[b] {
			return skip
		}
		return l.towardHeader(b)
	})
}

// onceFlagSets returns the blocks of l that set a once-flag true: a local
// bool declared before the loop (false), whose address is not taken, and
// whose every other assignment sets it true inside an if of the loop whose
// condition requires it false (if !done, if !done && dir != "").
func (f *flow) onceFlagSets(l *loop) map[*cfg.Block]bool {
	sets := make(map[*cfg.Block]bool)
	code.Inspect(f.loopScope(l), func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || !l.contains(as.Pos()) || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || !isBoolConst(f.info, as.Rhs[0], true) {
			return true
		}
		if v, ok := f.info.Uses[code.NameIdent(as.Lhs[0])].(*types.Var); ok && f.onceFlag(l, v) {
			for _, b := range f.g.Blocks {
				for _, m := range b.Nodes {
					if m.Pos() <= as.Pos() && as.End() <= m.End() {
						sets[b] = true
					}
				}
			}
		}
		return true
	})
	return sets
}

// onceFlag reports whether v is a once-flag of l (see onceFlagSets).
func (f *flow) onceFlag(l *loop, v *types.Var) bool {
	if v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || !isBool(v.Type()) || f.addressTaken(v) {
		return false
	}
	declared := false
	for _, d := range code.DefsOf(f.info, v) {
		switch {
		case d.Stmt.Pos() < l.pos && !declared && (d.Value == nil || isBoolConst(f.info, d.Value, false)):
			declared = true
		case l.contains(d.Stmt.Pos()) && d.Op == token.ASSIGN && isBoolConst(f.info, d.Value, true) && f.guardedUnset(l, d.Stmt, v):
		default:
			return false
		}
	}
	return declared
}

// guardedUnset reports whether stmt lies in the body of an if of l whose
// condition requires v false (!v alone or as an operand of &&), or is
// reached from the loop's header only past the false side of a test of v
// (reachedUnset).
func (f *flow) guardedUnset(l *loop, stmt ast.Node, v *types.Var) bool {
	if f.reachedUnset(l, stmt, v) {
		return true
	}
	for _, n := range code.TreeOf(f.info).Enclosing(stmt) {
		is, ok := n.(*ast.IfStmt)
		if !ok || !l.contains(is.Pos()) {
			continue
		}
		if is.Body.Pos() <= stmt.Pos() && stmt.End() <= is.Body.End() && requiresUnset(f.info, is.Cond, v) {
			return true
		}
	}
	return false
}

func requiresUnset(info *types.Info, cond ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && info.Uses[code.NameIdent(e.X)] == v
	case *ast.BinaryExpr:
		return e.Op == token.LAND && (requiresUnset(info, e.X, v) || requiresUnset(info, e.Y, v))
	}
	return false
}

// addressTaken reports whether the function takes the address of v (&v):
// a pointer may reset it out of sight.
func (f *flow) addressTaken(v *types.Var) bool {
	found := false
	code.Inspect(f.fn.body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND && f.info.Uses[code.NameIdent(u.X)] == v {
			found = true
		}
		return !found
	})
	return found
}

func isBoolConst(info *types.Info, e ast.Expr, want bool) bool {
	c := code.Const(info, e, nil)
	return c != nil && c.Kind() == constant.Bool && constant.BoolVal(c) == want
}

// reachedUnset reports whether every way from l's header to the block of
// stmt passes the false side of a test of v alone: `switch { case repaired:
// return err }` before `repaired = true` sets it only while it was false.
func (f *flow) reachedUnset(l *loop, stmt ast.Node, v *types.Var) bool {
	seen := map[*cfg.Block]bool{}
	stack := []*cfg.Block{l.header}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || b != l.header && !l.holds(b) {
			continue
		}
		seen[b] = true
		if holdsNode(b, stmt) {
			return false
		}
		stack = append(stack, f.unlessFalse(b, v)...)
	}
	return true
}

// unlessFalse returns the successors of b, leaving out the false side of a
// condition that is v alone (or the true side of !v).
func (f *flow) unlessFalse(b *cfg.Block, v *types.Var) []*cfg.Block {
	cond := condOf(b)
	if cond == nil {
		return b.Succs
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.Ident:
		if f.info.Uses[e] == v {
			return b.Succs[:1]
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT && f.info.Uses[code.NameIdent(e.X)] == v {
			return b.Succs[1:]
		}
	}
	return b.Succs
}
