package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry asks the same question again. A loop that, on every way from a
// failure back to the attempt, steps an input of the attempt on from its own
// value (dir = path.Dir(dir), key = strings.TrimSuffix(key, "/"), rest =
// rest[1:], or parent := path.Dir(dir); dir = parent) asks about the next directory, key or element each round: a walk
// up a tree or a search, not a retry. The attempt's receiver counts as its
// input when the loop stores the walked value in it (o.remote = dir + "/";
// o.head(ctx)). An input set to itself or to a value not made from it is the
// same question again (or a switched input, loop_changes.go).

// walkSteps are the functions whose result is the next step of a walk from
// their first argument: the parent directory, the text without an end.
var walkSteps = map[string]bool{
	"path.Dir": true, "path/filepath.Dir": true,
	"strings.TrimSuffix": true, "strings.TrimPrefix": true,
	"bytes.TrimSuffix": true, "bytes.TrimPrefix": true,
}

// walksInput reports whether every way from c's failure back to the header
// steps a variable declared outside the loop, that the attempt takes, on from
// its own value.
func (f *flow) walksInput(l *loop, c *outcomeCheck) bool {
	steps := make(map[*ast.AssignStmt]bool)
	var walked []types.Object
	walkBody(f.info, loopBody(l.stmt), assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		o, isVar := lhsObj(f.info, as.Lhs[0]).(*types.Var)
		if isVar && !l.contains(o.Pos()) && f.stepsOn(as.Lhs[0], as.Rhs[0]) {
			steps[as] = true
			walked = appendNew(walked, types.Object(o))
		}
		return true
	})
	if len(walked) == 0 || !f.attemptsTake(l, c, walked) {
		return false
	}
	return l.everyWayBack(c.failure(), holdsAny(steps))
}

// stepsOn reports whether rhs is the next step of a walk from lhs: a walk
// step function of it (path.Dir(dir)) or a slice of it that drops a part
// (rest[1:], s[:len(s)-1]), also through a variable that holds the step and
// is given no other value (parent := filepath.Dir(cur); ...; cur = parent).
func (f *flow) stepsOn(lhs, rhs ast.Expr) bool {
	same := func(e ast.Expr) bool { return types.ExprString(ast.Unparen(e)) == types.ExprString(ast.Unparen(lhs)) }
	switch rhs := ast.Unparen(rhs).(type) {
	case *ast.Ident:
		v := code.VarOf(f.info, rhs)
		d, ok := code.SoleDef(f.info, v)
		return ok && d.Op == token.DEFINE && d.ByName() && d.Value != nil && !same(d.Value) && f.stepsOn(lhs, d.Value)
	case *ast.CallExpr:
		fn := code.Callee(f.info, rhs)
		return fn != nil && fn.Pkg() != nil && fn.Signature().Recv() == nil &&
			walkSteps[fn.Pkg().Path()+"."+fn.Name()] && len(rhs.Args) > 0 && same(rhs.Args[0])
	case *ast.SliceExpr:
		return same(rhs.X) && !rhs.Slice3 && (rhs.Low != nil && !constIs(f.info, rhs.Low, 0) || f.dropsLast(rhs.High, same))
	}
	return false
}

// dropsLast reports whether a slice's high bound is len(s) less something
// (s[:len(s)-1]); s[:0] empties s, it does not step on.
func (f *flow) dropsLast(high ast.Expr, same func(ast.Expr) bool) bool {
	b, ok := ast.Unparen(high).(*ast.BinaryExpr)
	if !ok || b.Op != token.SUB || constIs(f.info, b.Y, 0) {
		return false
	}
	call, ok := ast.Unparen(b.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !same(call.Args[0]) {
		return false
	}
	builtin, ok := f.info.Uses[code.NameIdent(call.Fun)].(*types.Builtin)
	return ok && builtin.Name() == "len"
}

// attemptsTake reports whether an attempt takes one of objs, or a value made
// from it in the loop, as an argument or as its receiver, contexts aside.
func (f *flow) attemptsTake(l *loop, c *outcomeCheck, objs []types.Object) bool {
	if f.argsMention(l, c, objs) {
		return true
	}
	set := f.derived(l, objs)
	for _, call := range c.attempts {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && mentions(f.info, sel.X, set) {
			return true
		}
	}
	return false
}
