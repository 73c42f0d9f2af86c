package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// ClampedBefore returns the ceiling a clamp gives the local variable e
// names where the statement holding at runs: the statement right before it
// in its block is `if v > limit { v = limit }` (or >=, or limit < v, limit <=
// v) with no else and at most an init that declares names (if max :=
// time.Second; d > max { d = max }), limit having a ceiling (AtMost). Nothing runs
// between the clamp and the statement, so v is at most limit there
// (tempDelay capped at a second before time.Sleep(tempDelay)). Expression
// statements may come between (a log line): v's address is never taken and
// no function literal sets it, so no call can change it.
func ClampedBefore(info *types.Info, at ast.Node, e ast.Expr) (constant.Value, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || addressTaken(info, v) || setInClosure(info, v) {
		return nil, false
	}
	path := TreeOf(info).Enclosing(at)
	for i := 1; i < len(path); i++ {
		if _, isBlock := path[i].(*ast.BlockStmt); !isBlock {
			continue
		}
		for _, s := range StmtsBefore(path[i], path[i-1]) {
			if limit := ClampLimit(info, s, v); limit != nil {
				return AtMost(info, limit)
			}
			if _, isExpr := s.(*ast.ExprStmt); !isExpr {
				return nil, false
			}
		}
		return nil, false
	}
	return nil, false
}

// ClampLimit returns limit when s is `if v > limit { v = limit }` or one of
// its spellings (>=, limit < v, limit <= v; an init that only declares
// names), nil otherwise.
func ClampLimit(info *types.Info, s ast.Stmt, v *types.Var) ast.Expr {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || !declaresOnly(ifs.Init) || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return nil
	}
	as, ok := ifs.Body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !IsVar(info, as.Lhs[0], v) {
		return nil
	}
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	limit := as.Rhs[0]
	same := func(a, b ast.Expr) bool { return types.ExprString(a) == types.ExprString(b) }
	switch cond.Op {
	case token.GTR, token.GEQ:
		if IsVar(info, cond.X, v) && same(cond.Y, limit) {
			return limit
		}
	case token.LSS, token.LEQ:
		if IsVar(info, cond.Y, v) && same(cond.X, limit) {
			return limit
		}
	}
	return nil
}

// IsVar reports whether e names the variable v.
func IsVar(info *types.Info, e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// declaresOnly reports whether an if statement's init, if any, only declares
// new names: it cannot change the clamped variable.
func declaresOnly(init ast.Stmt) bool {
	if init == nil {
		return true
	}
	as, ok := init.(*ast.AssignStmt)
	return ok && as.Tok == token.DEFINE
}

// setInClosure reports whether a function literal assigns v.
func setInClosure(info *types.Info, v *types.Var) bool {
	for _, d := range DefsOf(info, v) {
		for _, n := range TreeOf(info).Enclosing(d.Lhs) {
			if _, ok := n.(*ast.FuncLit); ok {
				return true
			}
		}
	}
	return false
}
