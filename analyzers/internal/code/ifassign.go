package code

import (
	"go/ast"
	"go/token"
	"go/types"
)

// AssignAtIf returns the plain assignment (v := e, v = e, _, v = x, e) that
// gives v the value it holds when cond, the condition of an if statement, is
// evaluated, with that value: the if's init when it assigns v, or, with
// before, the nearest statement before the if that does when no statement
// between them mentions v or carries a label (a goto may land there). A nil v
// stands for any variable cond reads (if err := ctx.Err(); err != nil). nil
// when it is not that plain: v, w := f() gives v no value of its own.
func AssignAtIf(info *types.Info, cond ast.Expr, v *types.Var, before bool) (*ast.AssignStmt, ast.Expr) {
	path := TreeOf(info).Enclosing(cond)
	if len(path) < 3 {
		return nil, nil
	}
	ifs, ok := path[1].(*ast.IfStmt)
	if !ok || ifs.Cond != cond {
		return nil, nil
	}
	want := func(o types.Object) bool { return o != nil && o == v }
	if v == nil {
		want = func(o types.Object) bool {
			w, ok := o.(*types.Var)
			return ok && Mentions(info, cond, func(x types.Object) bool { return x == w })
		}
	}
	mentions := func(n ast.Node) bool { return Mentions(info, n, want) }
	if ifs.Init != nil {
		if as, val := assigns(info, ifs.Init, want); val != nil {
			return as, val
		}
		if !before || mentions(ifs.Init) {
			return nil, nil
		}
	}
	if !before {
		return nil, nil
	}
	for _, s := range StmtsBefore(path[2], ifs) {
		if as, val := assigns(info, s, want); val != nil {
			return as, val
		}
		if _, labelled := s.(*ast.LabeledStmt); labelled || mentions(s) {
			return nil, nil
		}
	}
	return nil, nil
}

// assigns returns a plain assignment statement and the value it gives the
// first variable for which want is true, or nil.
func assigns(info *types.Info, s ast.Stmt, want func(types.Object) bool) (*ast.AssignStmt, ast.Expr) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE && as.Tok != token.ASSIGN {
		return nil, nil
	}
	for i, lhs := range as.Lhs {
		if v := VarOf(info, lhs); v != nil && want(v) {
			return as, PairedRHS(as.Lhs, as.Rhs, i)
		}
	}
	return nil, nil
}
