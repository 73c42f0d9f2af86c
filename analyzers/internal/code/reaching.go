package code

import (
	"go/ast"
	"go/types"
	"slices"
)

// ReachingValues returns the values of the local variable v that can reach
// its read use. When a statement of a block around use (within use's
// function) comes before it in straight-line order and assigns v by name,
// every other assignment of v lies before that statement in the same
// function, and v's address is never taken, only that statement's value
// reaches use: it runs on every path to use and nothing assigns v after it
// (`ctx := context.Background(); ctx, cancel := context.WithTimeout(ctx, d)`
// reaches a later read with the deadline only). Otherwise (an assignment in
// a branch, after the use, in a closure, a label between that a goto may
// land on) every value of v (Values).
func ReachingValues(info *types.Info, v *types.Var, use ast.Node) []ast.Expr {
	if d, ok := straightDef(info, v, use); ok {
		return []ast.Expr{d.Value}
	}
	return Values(info, v, nil)
}

// straightDef returns the assignment of v that alone reaches use (see
// ReachingValues).
func straightDef(info *types.Info, v *types.Var, use ast.Node) (Def, bool) {
	t := TreeOf(info)
	if t == nil || v == nil || v.Parent() == nil || (v.Pkg() != nil && v.Parent() == v.Pkg().Scope()) {
		return Def{}, false
	}
	path := t.Enclosing(use)
	for i := 1; i < len(path); i++ {
		switch path[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return Def{}, false
		}
		switch path[i-1].(type) {
		case *ast.CaseClause, *ast.CommClause:
			continue // the clauses of a switch do not run one after another
		case *ast.LabeledStmt:
			continue // a goto may land there and skip what comes before
		}
		for _, s := range StmtsBefore(path[i], path[i-1]) {
			if !AssignedIn(info, s, v) {
				continue
			}
			d, ok := assignsDirectly(info, s, v)
			return d, ok && onlyEarlierDefs(info, v, d) && !addressTaken(info, v)
		}
	}
	return Def{}, false
}

// assignsDirectly returns the one assignment of v by name that the statement
// s itself makes (an assignment or a var declaration, not one nested in a
// branch or a function literal), giving v a new value.
func assignsDirectly(info *types.Info, s ast.Stmt, v *types.Var) (Def, bool) {
	var found Def
	n := 0
	for _, d := range DefsOf(info, v) {
		if d.Stmt.Pos() < s.Pos() || d.Stmt.End() > s.End() {
			continue
		}
		n++
		found = d
	}
	if n != 1 || !found.Replaces() || !found.ByName() || found.Value == nil {
		return Def{}, false
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		return found, found.Stmt == s
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		spec, isSpec := found.Stmt.(ast.Spec)
		return found, ok && isSpec && slices.Contains(gd.Specs, spec)
	}
	return Def{}, false
}

// onlyEarlierDefs reports whether every other assignment of v ends before d
// and lies in d's function (not a closure that may run later).
func onlyEarlierDefs(info *types.Info, v *types.Var, d Def) bool {
	for _, o := range DefsOf(info, v) {
		if o.Stmt == d.Stmt {
			continue
		}
		if o.Stmt.End() > d.Stmt.Pos() || o.Func != d.Func {
			return false
		}
	}
	return true
}
