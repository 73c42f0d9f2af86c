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
				_, val := code.AssignAtIf(f.info, cond, v, true)
				found = f.ownerCtxErr(val)
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
