package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Two more ways code reads its owner's stop signal in a condition that
// leaves the loop:
//
//   - the error of the owner's context kept in a variable first:
//     if err := s.ctx.Err(); err != nil { return }, or err = s.ctx.Err() just
//     before the if. The condition names err, not the context.
//   - an enum-like state of the owner instead of a boolean flag:
//     if s.state == stopped { return }, with a constant named for stopping.
//     A state compared with any other constant (s.state == idle) says
//     nothing about a stop.

// ownerState reports whether cond compares a state field of an owner with a
// constant named for stopping (s.state == stopped, stopped == s.state).
func (f *flow) ownerState(l *loop, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	return stopConst(f.info, b.Y) && f.ownerField(l, b.X) != nil ||
		stopConst(f.info, b.X) && f.ownerField(l, b.Y) != nil
}

// stopConst reports whether e names a constant named for stopping (stopped,
// pkg.StateClosed).
func stopConst(info *types.Info, e ast.Expr) bool {
	id := code.NameIdent(e)
	if id == nil {
		return false
	}
	c, ok := info.Uses[id].(*types.Const)
	return ok && stopFlagName.MatchString(c.Name())
}

// ownerCtxErrVar reports whether cond reads a local variable that holds the
// error of an owner's context at that point: set from s.ctx.Err() by the if
// statement's init, or by the statement just before the if with nothing in
// between that mentions the variable.
func (f *flow) ownerCtxErrVar(cond ast.Expr) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			if v, ok := f.info.Uses[id].(*types.Var); ok && !v.IsField() {
				found = f.ownerCtxErr(f.valueAtIf(cond, v))
			}
		}
		return !found
	})
	return found
}

// ownerCtxErr reports whether e is ctx.Err() of a context an owner holds.
func (f *flow) ownerCtxErr(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !isContextErr(f.info, call) {
		return false
	}
	ctx := askedContext(f.info, call)
	return ctx != nil && f.ownerValue(ctx, 0)
}

// valueAtIf returns the value v holds when cond, the condition of an if
// statement, is evaluated: the one the if's init assigns, or the one the
// nearest statement before the if assigns when no statement between them
// mentions v. nil when it is not that plain.
func (f *flow) valueAtIf(cond ast.Expr, v *types.Var) ast.Expr {
	path := code.TreeOf(f.info).Enclosing(cond)
	if len(path) < 3 {
		return nil
	}
	ifs, ok := path[1].(*ast.IfStmt)
	if !ok || ifs.Cond != cond {
		return nil
	}
	mentions := func(n ast.Node) bool {
		return code.Mentions(f.info, n, func(o types.Object) bool { return o == v })
	}
	if ifs.Init != nil {
		if val := assignedBy(f.info, ifs.Init, v); val != nil {
			return val
		}
		if mentions(ifs.Init) {
			return nil
		}
	}
	for _, s := range stmtsBefore(path[2], ifs) {
		if val := assignedBy(f.info, s, v); val != nil {
			return val
		}
		if _, labelled := s.(*ast.LabeledStmt); labelled || mentions(s) {
			return nil
		}
	}
	return nil
}

// assignedBy returns the value a plain assignment statement gives v (v := e,
// v = e, _, v = x, e), or nil.
func assignedBy(info *types.Info, s ast.Stmt, v *types.Var) ast.Expr {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE && as.Tok != token.ASSIGN {
		return nil
	}
	for i, lhs := range as.Lhs {
		if code.VarOf(info, lhs) == v {
			return code.PairedRHS(as.Lhs, as.Rhs, i)
		}
	}
	return nil
}
