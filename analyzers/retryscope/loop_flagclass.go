package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry classified through a flag or a set of known errors.
//
// A failure way may test the error first and decide later: a loop over
// known messages or sentinel errors sets a flag on a match (again := false;
// for _, m := range transient { if strings.Contains(err.Error(), m) { again
// = true; break } }; if !again { return err }), or a map keyed by the
// error, its text or its code answers whether it is a known one (_, ok :=
// transient[err.Error()]; if !ok { return err }, if !retryable[msg]). A
// test of that flag or answer whose sides differ in going round or leaving
// decides the way as a test of the error in place would: it classifies.
// The flag counts when it is a local of the function that only the
// function's own code assigns by name, when each round sets it at its top
// level (again := false) or to a test's answer, and when every other value
// it gets is the other constant under a test of the error, or a test's
// answer. A flag set for every error (a range body that sets it
// unconditionally), one set from something else than the error, one never
// tested, or one whose test only changes what is logged tells no errors
// apart (decided on set L1).

// flagTest returns the condition of block b when it tests an error flag
// (errorFlag) or looks the error up in a set of known ones (errorKeyed),
// and its sides differ in going round or leaving; else nil.
func (f *flow) flagTest(l *loop, b *cfg.Block, k classifier) ast.Node {
	cond := condOf(b)
	if cond == nil {
		return nil
	}
	tested := []ast.Expr{cond}
	if tag, ok := f.tags[cond]; ok {
		tested = append(tested, tag)
	}
	for _, e := range tested {
		if f.testsFlag(l, e, k) && f.sidesDiffer(l, b) {
			return cond
		}
	}
	return nil
}

func (f *flow) testsFlag(l *loop, e ast.Expr, k classifier) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			found = f.errorFlag(l, n, k)
		case *ast.IndexExpr:
			found = errorKeyed(k, n, true)
		}
		return !found
	})
	return found
}

// errorKeyed reports whether ix looks up a map by an expression of the
// error (err, err.Error(), a message variable, status.Code(err)); with
// boolOnly, a map of bools, whose element is the answer.
func errorKeyed(k classifier, ix *ast.IndexExpr, boolOnly bool) bool {
	t := k.info.TypeOf(ix.X)
	if t == nil {
		return false
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok || boolOnly && !code.IsBoolean(m.Elem()) {
		return false
	}
	return mentions(k.info, ix.Index, k.vars)
}

// errorFlag reports whether id names a bool local that holds a test of the
// loop's error (see above).
func (f *flow) errorFlag(l *loop, id *ast.Ident, k classifier) bool {
	v, _ := f.info.Uses[id].(*types.Var)
	if v == nil || !code.IsBoolean(v.Type()) || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || f.addressTaken(v) {
		return false
	}
	var resets, sets []bool // the constants it is given at the round's top level, and under a test
	answered := false
	for _, d := range code.DefsOf(f.info, v) {
		if !d.ByName() || d.Func != f.fn.node || !l.contains(d.Stmt.Pos()) {
			return false
		}
		val, constant := boolValue(f.info, d)
		switch {
		case constant && f.roundLevel(l, d.Stmt):
			resets = append(resets, val)
		case constant && f.underClassifyingTest(l, d.Stmt, k):
			sets = append(sets, val)
		case !constant && d.Replaces() && classifiesValue(k, d.Value):
			answered = true
		default:
			return false
		}
	}
	if answered {
		return true
	}
	return len(resets) > 0 && len(sets) > 0 && allEqual(resets, resets[0]) && allEqual(sets, !resets[0])
}

// boolValue returns the constant a definition gives a bool (false for var
// x bool), and whether it is one.
func boolValue(info *types.Info, d code.Def) (val, ok bool) {
	if d.Value == nil {
		return false, d.Op == token.VAR
	}
	if !d.Replaces() {
		return false, false
	}
	switch {
	case isBoolConst(info, d.Value, true):
		return true, true
	case isBoolConst(info, d.Value, false):
		return false, true
	}
	return false, false
}

func allEqual(vals []bool, want bool) bool {
	for _, v := range vals {
		if v != want {
			return false
		}
	}
	return true
}

// classifiesValue reports whether e is the answer of a test of the error: a
// classifying call or compare, or a lookup keyed by the error.
func classifiesValue(k classifier, e ast.Expr) bool {
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok && errorKeyed(k, ix, false) {
		return true // _, ok := known[err.Error()]
	}
	return k.in(e) != nil
}

// roundLevel reports whether stmt runs in every round that reaches it: no
// branch, case, inner loop or function of the loop's round holds it.
func (f *flow) roundLevel(l *loop, stmt ast.Node) bool {
	scope := f.loopScope(l)
	for _, n := range code.TreeOf(f.info).Enclosing(stmt)[1:] {
		switch n.(type) {
		case *ast.IfStmt, *ast.CaseClause, *ast.CommClause, *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return n == scope
		}
		if n == scope {
			return true
		}
	}
	return false
}

// underClassifyingTest reports whether a branch or a case of the loop's round
// that holds stmt is taken on a test of the error.
func (f *flow) underClassifyingTest(l *loop, stmt ast.Node, k classifier) bool {
	scope := f.loopScope(l)
	path := code.TreeOf(f.info).Enclosing(stmt)
	for i, n := range path[1:] {
		if n == scope {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if n.Body.Pos() <= stmt.Pos() && testsError(k, n.Cond) {
				return true
			}
		case *ast.CaseClause:
			if i+3 < len(path) && casesError(k, n, path[i+3]) {
				return true
			}
		}
	}
	return false
}

// casesError reports whether a case clause of switch sw is taken on a
// test of the error: a case that tests it, or a switch on it.
func casesError(k classifier, cc *ast.CaseClause, sw ast.Node) bool {
	for _, e := range cc.List {
		if testsError(k, e) {
			return true
		}
	}
	switch sw := sw.(type) {
	case *ast.SwitchStmt:
		return sw.Tag != nil && mentions(k.info, sw.Tag, k.vars)
	case *ast.TypeSwitchStmt:
		return mentions(k.info, sw.Assign, k.vars)
	}
	return false
}

// testsError reports whether e tests the error: a classifying node in it,
// or a lookup keyed by the error.
func testsError(k classifier, e ast.Expr) bool {
	if k.in(e) != nil {
		return true
	}
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && !found {
			found = errorKeyed(k, ix, false)
		}
		return !found
	})
	return found
}
