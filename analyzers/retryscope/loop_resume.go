package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A resumable search. A loop that starts each round by handing a position to
// a function of this package, which hands back what it found and the
// position to resume from,
//
//	idx := -1
//	for {
//		target, idx = nextMatch(idx)
//		if err := send(ctx, target); err == nil || !rejected(err) {
//			return err
//		}
//	}
//
// asks the next match in a list each round: the function indexes a list by
// a value made from the position it was handed, steps it forward, and hands
// back that value (or a constant, the list exhausted). The attempt takes
// what was found, not the failed round's input: a failover over the list.
// A position handed in unchanged, a function that only counts (n+1, no list
// indexed), or one that hands back the position it was given asks the same
// question again.

// resumesSearch reports whether an attempt of c takes a value handed back by
// such a function, called at the top of each round (see above).
func (f *flow) resumesSearch(l *loop, c *outcomeCheck) bool {
	body, ok := loopBody(l.stmt).(*ast.BlockStmt)
	if !ok {
		return false
	}
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
			continue
		}
		if found := f.resumedFinds(l, as); len(found) > 0 && f.attemptsTake(l, c, found) {
			return true
		}
	}
	return false
}

// resumedFinds returns the other results of `found, pos = search(pos)` when
// pos is declared outside l and search resumes from it.
func (f *flow) resumedFinds(l *loop, as *ast.AssignStmt) []types.Object {
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := code.Callee(f.info, call)
	if fn == nil {
		return nil
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil {
		return nil
	}
	params := node.params(f.info)
	for k, lhs := range as.Lhs {
		pos := lhsObj(f.info, lhs)
		if pos == nil || l.contains(pos.Pos()) || !code.IsInteger(pos.Type()) {
			continue
		}
		for i, a := range call.Args {
			if i < len(params) && params[i] != nil && lhsObj(f.info, a) == pos && f.resumesFrom(node, params[i], k) {
				return f.otherResults(as, k)
			}
		}
	}
	return nil
}

// otherResults returns the variables of as.Lhs but the k-th.
func (f *flow) otherResults(as *ast.AssignStmt, k int) []types.Object {
	var out []types.Object
	for j, lhs := range as.Lhs {
		if o := lhsObj(f.info, lhs); j != k && o != nil {
			out = appendNew(out, o)
		}
	}
	return out
}

// resumesFrom reports whether the function indexes a list by a value made
// from param, steps such a value forward (in a statement, or as it hands it
// back), and hands back as its k-th result such a value (not param itself)
// or a constant on every return.
func (f *flow) resumesFrom(node *funcNode, param *types.Var, k int) bool {
	made, forward := f.madeFromParam(node, param)
	indexes, handsBack, onlyThese := false, false, true
	walkBody(f.info, node.body, []ast.Node{(*ast.IndexExpr)(nil), (*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			if _, isList := typeUnder(f.info.TypeOf(n.X)).(*types.Slice); isList && mentions(f.info, n.Index, made) {
				indexes = true
			}
		case *ast.ReturnStmt:
			if len(n.Results) <= k {
				onlyThese = false
				return true
			}
			r := n.Results[k]
			switch {
			case f.info.Types[r].Value != nil:
			case lhsObj(f.info, r) != param && mentions(f.info, r, made):
				handsBack = true
				forward = forward || steps(r)
			default:
				onlyThese = false
			}
		}
		return true
	})
	return indexes && handsBack && onlyThese && forward
}

// madeFromParam returns param and the variables the function makes from it,
// and whether it steps one of them forward (v++, v += n, v = w + n).
func (f *flow) madeFromParam(node *funcNode, param *types.Var) ([]types.Object, bool) {
	byName := func(d code.Def) bool { return d.Func == node.node && d.Var != nil && d.ByName() }
	defs := code.DefsIn(f.info, node.body.Pos(), node.body.End())
	made := derivedIn(f.info, defs, param, byName)
	forward := false
	for _, d := range defs {
		if !byName(d) || d.Var == param || !slices.Contains(made, d.Var) {
			continue
		}
		forward = forward || d.Op == token.INC || d.Op == token.ADD_ASSIGN || steps(d.Value)
	}
	return made, forward
}

// steps reports whether e adds to something (pos + 1).
func steps(e ast.Expr) bool {
	bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && bin.Op == token.ADD
}
